import { For, Show } from 'solid-js'
import type { QuireDocument } from '../api/documentsApi'
import type { Upload } from '../documents/createDocumentList'
import { DocumentRow } from './DocumentRow'
import { UploadRow } from './UploadRow'
import './documentTable.css'

export interface DocumentTableProps {
  /** Id of the heading that names the table. */
  labelledBy: string
  documents: readonly QuireDocument[]
  uploads: readonly Upload[]
  onEnterPassword: (document: QuireDocument) => void
  onDelete: (document: QuireDocument) => void
  onOpen: (document: QuireDocument) => void
  onDismissUpload: (upload: Upload) => void
}

/**
 * Uploads first, then documents, newest first. A table on wide screens; on phones the stylesheet stacks each
 * row into a card. The explicit roles are there because browsers drop table semantics from elements whose
 * display the stylesheet changes.
 */
export function DocumentTable(props: DocumentTableProps) {
  return (
    <Show
      when={props.documents.length + props.uploads.length > 0}
      fallback={
        <p class="doc-empty">
          No documents yet. Add some above; each one is read, split into passages and indexed here in your
          browser.
        </p>
      }
    >
      <div class="doc-table-wrap">
        <table class="doc-table" role="table" aria-labelledby={props.labelledBy}>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">
                Name
              </th>
              <th role="columnheader" scope="col">
                Type
              </th>
              <th role="columnheader" scope="col" class="doc-number">
                Size
              </th>
              <th role="columnheader" scope="col" class="doc-number">
                Pages
              </th>
              <th role="columnheader" scope="col" class="doc-number">
                Chunks
              </th>
              <th role="columnheader" scope="col">
                Status
              </th>
              <th role="columnheader" scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            <For each={props.uploads}>
              {(upload) => <UploadRow upload={upload} onDismiss={() => props.onDismissUpload(upload)} />}
            </For>
            <For each={props.documents}>
              {(document) => (
                <DocumentRow
                  document={document}
                  onEnterPassword={() => props.onEnterPassword(document)}
                  onDelete={() => props.onDelete(document)}
                  onOpen={() => props.onOpen(document)}
                />
              )}
            </For>
          </tbody>
        </table>
      </div>
    </Show>
  )
}

import { createResource, onCleanup, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { fetchDocumentFile, type QuireDocument } from '../api/documentsApi'
import { DocumentBlocks } from './DocumentBlocks'

export interface OfficePreviewProps {
  document: QuireDocument
}

/**
 * A Word or PowerPoint file as Quire read it: the original file parsed again here, by the parsers that
 * ingestion uses (so the preview shows exactly the text that was indexed), in a worker whose code is
 * loaded only when a preview opens. Closing the dialog stops the parse. A file that cannot be read says
 * why; the dialog's Download still works.
 */
export function OfficePreview(props: OfficePreviewProps) {
  const controller = new AbortController()
  onCleanup(() => controller.abort())
  const [parsed] = createResource(
    () => props.document.id,
    async (id) => {
      // Read once: a rename while the preview is open changes neither the bytes nor their kind.
      const { original_filename: name, document_type: kind } = props.document
      const blob = await fetchDocumentFile(id, controller.signal)
      const { parseOfficeFile } = await import('./parseOfficeFile')
      return parseOfficeFile(new Uint8Array(await blob.arrayBuffer()), name, kind, controller.signal)
    },
  )
  return (
    <Show
      when={!parsed.error}
      fallback={
        <p class="form-alert" role="alert">
          The file could not be read for a preview: {sentence(errorDetail(parsed.error))} Download it to open
          it.
        </p>
      }
    >
      <Show when={parsed()} fallback={<p class="empty-text">Reading the file…</p>}>
        {(file) => <DocumentBlocks blocks={file().blocks} />}
      </Show>
    </Show>
  )
}

/** A parser's message as a sentence: some end in a full stop, some do not. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`
}

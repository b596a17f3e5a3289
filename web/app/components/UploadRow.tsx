import { Show } from 'solid-js'
import type { Upload } from '../documents/createDocumentList'
import { formatBytes } from '../documents/documentLabels'
import { BlankValue } from './BlankValue'
import './documentTable.css'

/**
 * A file that has not become a document yet: waiting, on its way, or refused by the API. A refusal stays
 * listed with the API's reason until dismissed, so that it is not missed among several files.
 */
export function UploadRow(props: { upload: Upload; onDismiss: () => void }) {
  const failed = () => props.upload.state === 'failed'
  return (
    <tr role="row" class="doc-row" classList={{ 'doc-row-failed': failed() }}>
      <th role="rowheader" scope="row" class="doc-name">
        {props.upload.name}
      </th>
      <td role="cell" data-label="Type">
        <BlankValue label="Not yet known" />
      </td>
      <td role="cell" data-label="Size" class="doc-number">
        {formatBytes(props.upload.size)}
      </td>
      <td role="cell" data-label="Pages" class="doc-number">
        <BlankValue label="Not yet known" />
      </td>
      <td role="cell" data-label="Chunks" class="doc-number">
        <BlankValue label="Not yet known" />
      </td>
      <td role="cell" data-label="Status" class="doc-status-cell">
        <Show
          when={failed()}
          fallback={
            <>
              <span class="doc-status doc-status-pending">
                {props.upload.state === 'waiting' ? 'Waiting to upload' : 'Uploading'}
              </span>
              <span class="doc-progress-line">
                <progress class="doc-progress" aria-label={`Uploading ${props.upload.name}`} />
              </span>
            </>
          }
        >
          <span class="doc-status doc-status-failed">Not uploaded</span>
          <span class="doc-error">{props.upload.error}</span>
        </Show>
      </td>
      <td role="cell" class="doc-actions">
        <Show when={failed()}>
          <button type="button" class="button button-small" onClick={() => props.onDismiss()}>
            Dismiss
          </button>
        </Show>
      </td>
    </tr>
  )
}

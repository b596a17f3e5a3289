import { Match, Show, Switch } from 'solid-js'
import type { Upload } from '../documents/createDocumentList'
import { formatBytes } from '../documents/documentLabels'
import { BlankValue } from './BlankValue'
import './documentTable.css'

/**
 * A file that has not become a document yet: waiting, on its way, refused by the API, waiting for the
 * person's answer about a duplicate, or skipped as one. A refusal or a skip stays listed with its reason
 * until dismissed, so that it is not missed among several files.
 */
export function UploadRow(props: { upload: Upload; onDismiss: () => void }) {
  const failed = () => props.upload.state === 'failed'
  const ended = () => failed() || props.upload.state === 'skipped'
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
        <Switch
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
          <Match when={failed()}>
            <span class="doc-status doc-status-failed">Not uploaded</span>
            <span class="doc-error">{props.upload.error}</span>
          </Match>
          <Match when={props.upload.state === 'duplicate'}>
            <span class="doc-status doc-status-pending">Already here</span>
            <span class="doc-note">Same content as “{props.upload.sameAs}”: waiting for your answer</span>
          </Match>
          <Match when={props.upload.state === 'skipped'}>
            <span class="doc-status">Skipped</span>
            <span class="doc-note">
              {props.upload.sameBatch
                ? `The same file as “${props.upload.sameAs}”, chosen with it`
                : `Same content as “${props.upload.sameAs}”, already in this collection`}
            </span>
          </Match>
        </Switch>
      </td>
      <td role="cell" class="doc-actions">
        <Show when={ended()}>
          <button type="button" class="button button-small" onClick={() => props.onDismiss()}>
            Dismiss
          </button>
        </Show>
      </td>
    </tr>
  )
}

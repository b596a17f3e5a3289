import { Show } from 'solid-js'
import type { QuireDocument } from '../api/documentsApi'
import {
  failureMessage,
  formatBytes,
  isActive,
  needsPassword,
  scanProgressLabel,
  stageLabel,
  statusLabel,
  typeLabel,
} from '../documents/documentLabels'
import { BlankValue } from './BlankValue'
import './documentTable.css'

export interface DocumentRowProps {
  document: QuireDocument
  /** Opens the document: its preview, download and name. */
  onOpen: () => void
  onEnterPassword: () => void
  onDelete: () => void
}

/**
 * One document. The row header is exactly the file's name, so "the row of notes.pdf" is one role query away;
 * the progress bar is named "Processing notes.pdf" because several may run at once and each needs its own name.
 */
export function DocumentRow(props: DocumentRowProps) {
  const name = () => props.document.original_filename
  const percent = () => Math.round(props.document.progress?.percent ?? 0)

  return (
    <tr role="row" class="doc-row" classList={{ 'doc-row-failed': props.document.status === 'failed' }}>
      <th role="rowheader" scope="row" class="doc-name">
        {/* The name opens the document; the header's name stays exactly the file's name. */}
        <button
          type="button"
          class="document-name-button"
          data-document-id={props.document.id}
          onClick={() => props.onOpen()}
        >
          {name()}
        </button>
      </th>
      <td role="cell" data-label="Type">
        {typeLabel(props.document.document_type)}
      </td>
      <td role="cell" data-label="Size" class="doc-number">
        {formatBytes(props.document.file_size)}
      </td>
      <td role="cell" data-label="Pages" class="doc-number">
        <Show when={props.document.metadata.pages} fallback={<BlankValue />}>
          {(pages) => pages().toLocaleString()}
        </Show>
      </td>
      <td role="cell" data-label="Chunks" class="doc-number">
        <Show
          when={props.document.status === 'completed'}
          fallback={<BlankValue label={isActive(props.document) ? 'Not yet known' : 'None'} />}
        >
          {props.document.chunk_count.toLocaleString()}
        </Show>
      </td>
      <td role="cell" data-label="Status" class="doc-status-cell">
        <span class={`doc-status doc-status-${props.document.status}`}>
          {statusLabel(props.document.status)}
        </span>
        <Show when={isActive(props.document)}>
          <span class="doc-progress-line">
            {/* No value until the API reports a stage: an indeterminate bar, not a false 0 %. */}
            <Show
              when={props.document.progress}
              fallback={<progress class="doc-progress" max="100" aria-label={`Processing ${name()}`} />}
            >
              <progress
                class="doc-progress"
                max="100"
                value={percent()}
                aria-label={`Processing ${name()}`}
                aria-valuetext={`${percent()}%, ${stageLabel(props.document.progress?.stage ?? 'queued')}`}
              />
            </Show>
            <span class="doc-stage">
              <Show when={props.document.progress} fallback="Starting">
                {/* Show calls this once, untracked: the text must be a JSX expression to follow progress. */}
                {(progress) => (
                  <>
                    {progress().stage === 'queued'
                      ? stageLabel('queued')
                      : `${stageLabel(progress().stage)} · ${percent()}%`}
                  </>
                )}
              </Show>
            </span>
          </span>
        </Show>
        <Show when={scanProgressLabel(props.document)}>
          {/* Searchable already: the scans' passages are added as each page is read. */}
          <span class="doc-progress-line">
            <progress
              class="doc-progress"
              max={props.document.progress?.pages_total ?? 0}
              value={props.document.progress?.pages_done ?? 0}
              aria-label={`Reading the scanned pages of ${name()}`}
              aria-valuetext={scanProgressLabel(props.document)}
            />
            <span class="doc-stage">{scanProgressLabel(props.document)}</span>
          </span>
        </Show>
        <Show when={props.document.status === 'failed'}>
          <span class="doc-error">{failureMessage(props.document)}</span>
        </Show>
      </td>
      <td role="cell" class="doc-actions">
        <Show when={needsPassword(props.document)}>
          <button type="button" class="button button-small" onClick={() => props.onEnterPassword()}>
            Enter password
          </button>
        </Show>
        <button
          type="button"
          class="button button-small button-danger-quiet"
          onClick={() => props.onDelete()}
        >
          Delete
        </button>
      </td>
    </tr>
  )
}

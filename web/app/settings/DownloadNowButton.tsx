import { Show } from 'solid-js'
import type { ModelDownload } from './createModelDownload'

/** The "Download now" button of a model, and why starting failed when it did. */
export function DownloadNowButton(props: { download: ModelDownload<unknown>; disabled: boolean }) {
  return (
    <>
      <div class="form-actions">
        <button
          type="button"
          class="button"
          disabled={props.disabled || props.download.starting()}
          onClick={() => void props.download.downloadNow()}
        >
          {props.download.starting() ? 'Starting…' : 'Download now'}
        </button>
      </div>
      <Show when={props.download.startError()}>
        <p class="field-error" role="alert">
          {props.download.startError()}
        </p>
      </Show>
    </>
  )
}

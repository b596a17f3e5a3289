import { Show } from 'solid-js'
import { getEmbedderStatus, loadEmbedder, saveSettings } from '../api/settingsApi'
import { createModelDownload } from './createModelDownload'
import { DownloadNowButton } from './DownloadNowButton'
import { DownloadProgress } from './DownloadProgress'

/**
 * "Download now" for a transformers.js embedder: saves the choice (progress is reported for the embedder
 * in use), starts the download, and polls its progress once a second until it is ready or has failed.
 * Without it the model loads with the first document or query, with nothing to show for the wait.
 * A download started earlier (or on another visit) shows at once.
 */
export function EmbedderDownload(props: { modelId: string }) {
  const download = createModelDownload({
    read: getEmbedderStatus,
    loading: (status) => Boolean(status.progress && status.progress.progress < 1 && !status.error),
    begin: async () => {
      await saveSettings({ embedder: { id: props.modelId.trim() } })
      await loadEmbedder()
    },
  })

  // Only the status of this model counts: another id typed since says nothing about it.
  const current = () => {
    const shown = download.status()
    return shown?.embedder === props.modelId.trim() ? shown : null
  }

  return (
    <div class="embedder-download">
      <DownloadNowButton download={download} disabled={props.modelId.trim() === ''} />
      <Show when={current()?.error}>
        {(error) => (
          <p id="embedder-download-error" class="field-error" role="alert">
            The download failed: {error()}
          </p>
        )}
      </Show>
      <Show when={current()?.progress}>
        {(loading) => (
          <DownloadProgress
            label="Embedder download"
            class="embedder-progress"
            progress={loading().progress}
            text={loading().progress >= 1 ? 'Ready' : loading().text}
            textId="embedder-download-status"
          />
        )}
      </Show>
    </div>
  )
}

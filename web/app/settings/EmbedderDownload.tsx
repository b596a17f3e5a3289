import { createSignal, onCleanup, Show } from 'solid-js'
import { getEmbedderStatus, loadEmbedder, saveSettings, type EmbedderStatus } from '../api/settingsApi'
import { DownloadProgress } from './DownloadProgress'

/**
 * "Download now" for a transformers.js embedder: saves the choice (progress is reported for the embedder
 * in use), starts the download, and polls its progress once a second until it is ready or has failed.
 * Without it the model loads with the first document or query, with nothing to show for the wait.
 */
export function EmbedderDownload(props: { modelId: string }) {
  const [status, setStatus] = createSignal<EmbedderStatus | null>(null)
  const [starting, setStarting] = createSignal(false)
  const [startError, setStartError] = createSignal<string | null>(null)

  let timer: ReturnType<typeof setTimeout> | undefined
  let disposed = false
  const poll = async () => {
    const next = await getEmbedderStatus().catch(() => null)
    if (disposed) return
    setStatus(next)
    // Keep polling while a load runs; a finished or failed one (or none) needs no more.
    if (next?.progress && next.progress.progress < 1 && !next.error) {
      timer = setTimeout(() => void poll(), 1000)
    }
  }
  // A download started earlier (or on another visit) shows at once.
  void poll()
  onCleanup(() => {
    disposed = true
    clearTimeout(timer)
  })

  const downloadNow = async () => {
    setStarting(true)
    setStartError(null)
    try {
      await saveSettings({ embedder: { id: props.modelId.trim() } })
      await loadEmbedder()
      clearTimeout(timer)
      await poll()
    } catch (failure) {
      setStartError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setStarting(false)
    }
  }

  // Only the status of this model counts: another id typed since says nothing about it.
  const current = () => {
    const shown = status()
    return shown?.embedder === props.modelId.trim() ? shown : null
  }

  return (
    <div class="embedder-download">
      <div class="form-actions">
        <button
          type="button"
          class="button"
          disabled={props.modelId.trim() === '' || starting()}
          onClick={() => void downloadNow()}
        >
          {starting() ? 'Starting…' : 'Download now'}
        </button>
      </div>
      <Show when={startError()}>
        <p class="field-error" role="alert">
          {startError()}
        </p>
      </Show>
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

import { Show } from 'solid-js'
import type { GeneratorStatus } from '../api/settingsApi'
import { DownloadProgress } from './DownloadProgress'

/**
 * The progress of a WebLLM model's download, shown only while the status read is that model's: the status
 * speaks of the generator in use, which may still be another one (shared by Settings and Chat's offer).
 */
export function WebLlmProgress(props: { status: GeneratorStatus | null; model: string }) {
  const progress = () => (props.status?.generator === `webllm:${props.model}` ? props.status.progress : null)
  return (
    <Show when={progress()}>
      {(loading) => (
        <DownloadProgress
          label="Model download"
          class="webllm-progress"
          progress={loading().progress}
          text={loading().text}
        />
      )}
    </Show>
  )
}

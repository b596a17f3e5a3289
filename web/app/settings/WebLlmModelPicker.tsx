import { createResource, For, Show } from 'solid-js'
import {
  getGeneratorStatus,
  listWebLlmModels,
  loadWebLlmModel,
  saveSettings,
  testGenerator,
  type LocalModel,
} from '../api/settingsApi'
import { createModelDownload } from './createModelDownload'
import { DownloadNowButton } from './DownloadNowButton'
import { describeVram } from './formatBytes'
import { SelectField } from '../ui/SelectField'
import { WebLlmProgress } from './WebLlmProgress'
import './modelSettings.css'

/** Why models cannot be listed: WebGPU is missing (the usual case), or the check itself failed. */
type Availability = { models: LocalModel[]; problem: null } | { models: []; problem: string }

/**
 * WebLLM's models with the GPU memory each needs, to pick one from; or, on a browser without WebGPU, why
 * WebLLM cannot run and what to choose instead. While the chosen model downloads (it loads with the first
 * question in Chat), its progress is polled once a second.
 */
export function WebLlmModelPicker(props: { model: string; onChange: (model: string) => void }) {
  const [available] = createResource(() => availability(props.model))
  // Progress is reported for the generator in use, so the choice is saved before the download starts.
  // Polling goes on, every 5 s, while nothing loads: the first question in Chat also starts a download.
  const download = createModelDownload({
    read: getGeneratorStatus,
    loading: (status) => Boolean(status.progress && status.progress.progress < 1),
    begin: async () => {
      await saveSettings({ generator: { kind: 'webllm', model: props.model } })
      await loadWebLlmModel(props.model)
    },
    idleMs: 5000,
  })

  return (
    <div class="field">
      <Show when={!available.loading} fallback={<p class="field-hint">Checking for WebGPU…</p>}>
        <Show
          when={available()?.problem === null}
          fallback={
            <p id="webllm-problem" class="field-error" role="status">
              {available()?.problem} Choose the extractive answerer, Ollama or an OpenAI-compatible endpoint
              instead: they work in any browser.
            </p>
          }
        >
          <SelectField
            id="webllm-model"
            label="WebLLM model"
            class="webllm-model-field"
            hint={
              <>
                The model downloads once, the first time you ask a question after saving, and then works
                offline. Download now saves this choice and starts the download at once.
              </>
            }
            extra={<DownloadNowButton download={download} disabled={props.model === ''} />}
            value={props.model}
            onChange={(event) => props.onChange(event.currentTarget.value)}
          >
            <Show when={props.model === ''}>
              <option value="">Choose a model…</option>
            </Show>
            <For each={available()?.models}>
              {(model) => (
                <option value={model.id}>
                  {model.id} ({describeVram(model.vram_mb)}
                  {model.low_resource ? ', suits small devices' : ''})
                </option>
              )}
            </For>
          </SelectField>
        </Show>
      </Show>
      <WebLlmProgress status={download.status()} model={props.model} />
    </div>
  )
}

/** Asks the generator test whether WebLLM can run here, then lists its models with their sizes. */
async function availability(model: string): Promise<Availability> {
  const tested = await testGenerator({ kind: 'webllm', model: model || 'any' }).catch((error: unknown) => ({
    ok: false,
    detail: error instanceof Error ? error.message : String(error),
    models: [] as string[],
  }))
  if (tested.models.length === 0) return { models: [], problem: firstSentence(tested.detail) }
  // Sizes come from the models route; where a host lacks it, the ids alone still make a picker.
  const sized = await listWebLlmModels().catch(() => [] as LocalModel[])
  const models = sized.length
    ? sized
    : tested.models.map((id) => ({ id, vram_mb: null, low_resource: false }))
  return { models, problem: null }
}

function firstSentence(detail: string): string {
  const cut = detail.split(';')[0] ?? detail
  return cut.endsWith('.') ? cut : `${cut}.`
}

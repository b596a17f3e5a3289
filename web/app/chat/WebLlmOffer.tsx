import { createSignal, For, onMount, Show } from 'solid-js'
import {
  getGeneratorStatus,
  listWebLlmModels,
  loadWebLlmModel,
  type GeneratorInput,
  type LocalModel,
} from '../api/settingsApi'
import { createLoad } from '../settings/createLoad'
import { createModelDownload } from '../settings/createModelDownload'
import { webLlmAvailability } from '../settings/webLlmAvailability'
import { describeDownload, offeredWebLlmModels } from '../settings/webLlmOffer'
import { WebLlmProgress } from '../settings/WebLlmProgress'
import { SelectField } from '../ui/SelectField'

/** The small WebLLM models, where WebGPU is here; none elsewhere (the offer then says nothing of WebLLM). */
async function offeredModels(): Promise<LocalModel[]> {
  if (!(await webLlmAvailability()).available) return []
  return offeredWebLlmModels(await listWebLlmModels())
}

/**
 * A model in this browser (WebLLM), offered only where WebGPU is: the small models, each with the most its
 * download can be, the suggested one first. Choosing saves it; the download then starts (WebLlmDownload).
 */
export function WebLlmOffer(props: {
  saving: boolean
  onUse: (generator: GeneratorInput, label: string) => void
}) {
  const models = createLoad(offeredModels)
  const [model, setModel] = createSignal('')
  const chosen = () => model() || models.data()?.[0]?.id || ''
  // Said under the picker too: on a phone the option's text is cut before its size.
  const size = () => models.data()?.find((offered) => offered.id === chosen())?.vram_mb ?? null
  return (
    <Show when={(models.data()?.length ?? 0) > 0}>
      <div class="answer-offer-way">
        <form
          class="answer-offer-choice"
          onSubmit={(event) => {
            event.preventDefault()
            if (chosen()) props.onUse({ kind: 'webllm', model: chosen() }, `WebLLM ${chosen()}`)
          }}
        >
          <SelectField
            label="A model in this browser (WebLLM)"
            value={chosen()}
            onChange={(event) => setModel(event.currentTarget.value)}
          >
            <For each={models.data()}>
              {(offered) => (
                <option value={offered.id}>
                  {offered.id} (download {describeDownload(offered.vram_mb)})
                </option>
              )}
            </For>
          </SelectField>
          <button type="submit" class="button button-small button-primary" disabled={props.saving}>
            Download and use
          </button>
        </form>
        <p class="field-hint">
          Download: {describeDownload(size())}, once; then it answers offline on this device’s GPU.
        </p>
      </div>
    </Show>
  )
}

/** The chosen WebLLM model's download, started at once and followed until it is ready or fails. */
export function WebLlmDownload(props: { model: string }) {
  const download = createModelDownload({
    read: getGeneratorStatus,
    loading: (status) => Boolean(status.progress && status.progress.progress < 1),
    begin: async () => void (await loadWebLlmModel(props.model)),
  })
  onMount(() => void download.downloadNow())
  return (
    <>
      <WebLlmProgress status={download.status()} model={props.model} />
      <Show when={download.startError()}>
        <p class="field-error" role="alert">
          The download could not start: {download.startError()}
        </p>
      </Show>
    </>
  )
}

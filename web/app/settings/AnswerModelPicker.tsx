import { createEffect, createSignal, createUniqueId, For, on, Show, type Accessor } from 'solid-js'
import { getAllModels, getProviderValue, type ServerProvider } from '../api/aiApi'
import { errorDetail } from '../api/ApiRequestError'
import { saveSettings, type GeneratorInput, type GeneratorView } from '../api/settingsApi'
import { showToast } from '../toasts/toastStore'
import { createLoad } from './createLoad'
import { EXTRACTIVE, modelChoices, providerLabel, WEBLLM } from './modelChoices'
import { WebLlmModelPicker } from './WebLlmModelPicker'

const LISTED: ServerProvider[] = ['ollama', 'openai']

/** The models of every server, and the person's servers with their addresses (for older saved choices). */
async function loadModels() {
  const [all, ...values] = await Promise.all([
    getAllModels(),
    ...LISTED.map((provider) => getProviderValue(provider).catch(() => ({}))),
  ])
  const servers = LISTED.flatMap((provider, index) =>
    ((values[index] as { servers?: Array<{ id: string; serverAddress: string }> }).servers ?? []).map(
      (server) => ({ provider, id: server.id, serverAddress: server.serverAddress }),
    ),
  )
  return { all, servers }
}

/**
 * The one model picker: what answers document questions and conversations. "Extractive (no model)"
 * first, then every model of every configured server (`GET /api/v1/ai/providers/all-models`) grouped by
 * provider and server, then WebLLM on this device. A server that did not answer is listed beside with
 * its reason; the others' models are still offered. Choosing saves at once.
 */
export function AnswerModelPicker(props: { initial: GeneratorView; reload: Accessor<number> }) {
  const ids = { select: createUniqueId(), hint: createUniqueId(), errors: createUniqueId() }
  const [current, setCurrent] = createSignal<GeneratorView>(props.initial)
  const [webLlmModel, setWebLlmModel] = createSignal(
    props.initial.kind === 'webllm' ? props.initial.model : '',
  )
  const loaded = createLoad(loadModels)
  createEffect(on(props.reload, () => void loaded.reload(), { defer: true }))
  const [saving, setSaving] = createSignal(false)
  const choices = () =>
    modelChoices(loaded.data()?.all ?? { models: [], errors: [] }, current(), loaded.data()?.servers ?? [])
  const [chosen, setChosen] = createSignal<string | null>(null)
  const selected = () => chosen() ?? choices().selected

  const use = async (generator: GeneratorInput, label: string) => {
    setSaving(true)
    try {
      const saved = await saveSettings({ generator })
      setCurrent(saved.generator)
      setChosen(null)
      showToast({ message: `Answers now come from ${label}` })
    } catch (caught) {
      showToast({ message: `Not saved: ${errorDetail(caught)}` })
      setChosen(null)
    } finally {
      setSaving(false)
    }
  }

  const choose = (value: string) => {
    if (value === WEBLLM) return setChosen(WEBLLM)
    if (value === EXTRACTIVE) return void use({ kind: 'extractive' }, 'the extractive answerer')
    const choice = choices()
      .groups.flatMap((group) => group.choices)
      .find((option) => option.value === value)
    setChosen(value)
    if (choice?.generator) void use(choice.generator, choice.label)
  }

  return (
    <div class="field">
      <label class="field-label" for={ids.select}>
        Answer generator
      </label>
      <select
        id={ids.select}
        class="input"
        aria-describedby={`${ids.hint} ${ids.errors}`}
        aria-busy={loaded.loading() || saving() ? true : undefined}
        onChange={(event) => choose(event.currentTarget.value)}
      >
        <option value={EXTRACTIVE} selected={selected() === EXTRACTIVE}>
          Extractive (no model): quotes the passages
        </option>
        <Show when={choices().saved}>
          {(saved) => (
            <option value={saved().value} selected={selected() === saved().value}>
              {loaded.loading() ? saved().label.replace(/ \(not listed now\)$/u, '') : saved().label}
            </option>
          )}
        </Show>
        <For each={choices().groups}>
          {(group) => (
            <optgroup label={group.label}>
              <For each={group.choices}>
                {(choice) => (
                  <option value={choice.value} selected={selected() === choice.value}>
                    {choice.label}
                  </option>
                )}
              </For>
            </optgroup>
          )}
        </For>
        <option value={WEBLLM} selected={selected() === WEBLLM}>
          WebLLM: a model on this device’s GPU (WebGPU)
        </option>
      </select>
      <p id={ids.hint} class="field-hint">
        Answers your document questions and conversations. Add servers below to list their models here.{' '}
        <Show when={loaded.loading()}>Listing the models of your servers… </Show>
        <button type="button" class="button button-small" onClick={() => void loaded.reload()}>
          Refresh models
        </button>
      </p>
      <div id={ids.errors}>
        <Show when={loaded.error()}>
          <p class="field-error">The models could not be listed: {errorDetail(loaded.error())}</p>
        </Show>
        <Show when={choices().errors.length > 0}>
          <ul class="model-errors" aria-label="Servers that did not answer">
            <For each={choices().errors}>
              {(failure) => (
                <li class="field-error">
                  {[providerLabel(failure.provider), failure.server_name].filter(Boolean).join(': ')}
                  {failure.server_name || failure.provider ? ': ' : ''}
                  {failure.detail}
                </li>
              )}
            </For>
          </ul>
        </Show>
      </div>
      <Show when={selected() === WEBLLM}>
        <WebLlmModelPicker
          model={webLlmModel()}
          onChange={(model) => {
            setWebLlmModel(model)
            void use({ kind: 'webllm', model }, `WebLLM ${model}`)
          }}
        />
      </Show>
    </div>
  )
}

import { createEffect, createSignal, createUniqueId, For, on, Show, type Accessor } from 'solid-js'
import { getAllModels, getProviderValue, type ServerProvider } from '../api/aiApi'
import { errorDetail } from '../api/ApiRequestError'
import { saveSettings, type GeneratorInput, type GeneratorView } from '../api/settingsApi'
import { showToast } from '../toasts/toastStore'
import { createLoad } from './createLoad'
import { allowModelListing, mayListModels } from './modelListing'
import { EXTRACTIVE, modelChoices, providerLabel, WEBLLM } from './modelChoices'
import { TypedModelForm } from './TypedModelForm'
import { webLlmAvailability } from './webLlmAvailability'
import { WebLlmModelPicker } from './WebLlmModelPicker'
import { SelectField } from '../ui/SelectField'

const LISTED: ServerProvider[] = ['ollama', 'openai']

/** The person's servers with their addresses, as saved (read locally: no server is contacted). */
async function loadServers() {
  const values = await Promise.all(LISTED.map((provider) => getProviderValue(provider).catch(() => ({}))))
  return LISTED.flatMap((provider, index) =>
    (
      (values[index] as { servers?: Array<{ id: string; serverName: string; serverAddress: string }> })
        .servers ?? []
    ).map((server) => ({
      provider,
      id: server.id,
      serverName: server.serverName,
      serverAddress: server.serverAddress,
    })),
  )
}

/**
 * The one model picker: what answers document questions and conversations. "Extractive (no model)"
 * first, then every model of every configured server (`GET /api/v1/ai/providers/all-models`) grouped by
 * provider and server, then WebLLM on this device (not choosable, with the reason, where WebGPU is
 * missing). A server that did not answer is listed beside with its reason; the others' models are still
 * offered. Servers are asked for their models only with the person's consent (modelListing.ts); a model
 * name can also be typed, for a server whose list is unavailable. Choosing saves at once.
 */
export function AnswerModelPicker(props: { initial: GeneratorView; reload: Accessor<number> }) {
  const ids = { errors: createUniqueId() }
  const [current, setCurrent] = createSignal<GeneratorView>(props.initial)
  const [webLlmModel, setWebLlmModel] = createSignal(
    props.initial.kind === 'webllm' ? props.initial.model : '',
  )
  const listing = () => mayListModels(current())
  const servers = createLoad(loadServers)
  const loaded = createLoad(getAllModels, { start: listing() })
  const webLlm = createLoad(webLlmAvailability)
  // Consent given elsewhere (a server added, a connection tested) lists the models at once.
  createEffect(on(listing, (now, before) => now && !before && void loaded.reload(), { defer: true }))
  createEffect(
    on(
      props.reload,
      () => {
        void servers.reload()
        if (listing()) void loaded.reload()
      },
      { defer: true },
    ),
  )
  const listModels = () => {
    if (listing()) void loaded.reload()
    allowModelListing()
  }
  const [saving, setSaving] = createSignal(false)
  const choices = () =>
    modelChoices(loaded.data() ?? { models: [], errors: [] }, current(), servers.data() ?? [])
  /** WebLLM is offered only where it runs; a saved WebLLM choice stays shown as what is saved. */
  const webLlmBlocked = () => webLlm.data()?.available === false && current().kind !== 'webllm'
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
    if (value === WEBLLM) return webLlmBlocked() ? undefined : setChosen(WEBLLM)
    if (value === EXTRACTIVE) return void use({ kind: 'extractive' }, 'the extractive answerer')
    const choice = choices()
      .groups.flatMap((group) => group.choices)
      .find((option) => option.value === value)
    setChosen(value)
    if (choice?.generator) void use(choice.generator, choice.label)
  }

  return (
    <SelectField
      label="Answer generator"
      hint={
        <>
          Extractive answers are sentences quoted from your documents; a language model writes better answers.
          Answers your document questions and conversations.{' '}
          <Show
            when={listing()}
            fallback={
              <>
                Your servers are asked for their models only when you list them, so nothing is contacted
                before you choose to.{' '}
              </>
            }
          >
            <Show when={loaded.loading()}>Listing the models of your servers… </Show>
          </Show>
          <button type="button" class="button button-small" onClick={listModels}>
            {listing() ? 'Refresh models' : 'List models'}
          </button>
        </>
      }
      describedBy={ids.errors}
      aria-busy={loaded.loading() || saving() ? true : undefined}
      onChange={(event) => choose(event.currentTarget.value)}
      extra={
        <>
          <Show when={webLlmBlocked()}>
            <p id="webllm-unavailable" class="field-hint">
              WebLLM cannot be chosen here: {webLlm.data()?.reason} A recent Chrome or Edge on a computer with
              a supported GPU runs it; here, choose the extractive answerer, Ollama or an OpenAI-compatible
              server.
            </p>
          </Show>
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
          <TypedModelForm
            servers={servers.data() ?? []}
            onUse={(generator, label) => {
              allowModelListing()
              void use(generator, label)
            }}
          />
          <Show when={selected() === WEBLLM}>
            <WebLlmModelPicker
              model={webLlmModel()}
              onChange={(model) => {
                setWebLlmModel(model)
                void use({ kind: 'webllm', model }, `WebLLM ${model}`)
              }}
            />
          </Show>
        </>
      }
    >
      <option value={EXTRACTIVE} selected={selected() === EXTRACTIVE}>
        Extractive (no model): quotes the passages
      </option>
      <Show when={choices().saved}>
        {(saved) => (
          <option value={saved().value} selected={selected() === saved().value}>
            {loaded.loading() || !loaded.data()
              ? saved().label.replace(/ \(not listed now\)$/u, '')
              : saved().label}
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
      <option value={WEBLLM} selected={selected() === WEBLLM} disabled={webLlmBlocked()}>
        {webLlmBlocked()
          ? 'WebLLM: not available in this browser (no WebGPU)'
          : 'WebLLM: a model on this device’s GPU (WebGPU)'}
      </option>
    </SelectField>
  )
}

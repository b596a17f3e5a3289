import { createSignal, createUniqueId, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { getSettings, saveSettings, type GeneratorInput } from '../api/settingsApi'
import { showToast } from '../toasts/toastStore'
import { ConnectionTestForm } from './ConnectionTestForm'
import { createLoad } from './createLoad'
import { webLlmAvailability } from './webLlmAvailability'
import { WebLlmModelPicker } from './WebLlmModelPicker'
import './modelSettings.css'
import './firstRun.css'

type Way = 'extractive' | 'webllm' | 'ollama' | 'openai'

/**
 * The first run's "how answers are written": extractive (the default, said plainly), WebLLM only where
 * WebGPU exists (else shown, not choosable, with the reason), a local Ollama contacted only when the
 * person tests it, or a provider's key, tested the same way. Nothing is saved until a model is chosen.
 */
export function FirstRunAnswerChoice() {
  const name = createUniqueId()
  const webLlm = createLoad(webLlmAvailability)
  const settings = createLoad(() => getSettings())
  const [way, setWay] = createSignal<Way>('extractive')
  const [webLlmModel, setWebLlmModel] = createSignal('')
  const saved = () => settings.data()?.generator.kind ?? 'extractive'

  const use = async (generator: GeneratorInput, label: string) => {
    try {
      const next = await saveSettings({ generator })
      settings.set(next)
      showToast({ message: `Answers now come from ${label}` })
    } catch (caught) {
      showToast({ message: `Not saved: ${errorDetail(caught)}` })
    }
  }

  const chooseExtractive = () => {
    setWay('extractive')
    if (saved() !== 'extractive') void use({ kind: 'extractive' }, 'the extractive answerer')
  }

  const option = (value: Way, label: string, disabled = false) => (
    <label class="choice first-run-way">
      <input
        type="radio"
        name={name}
        value={value}
        checked={way() === value}
        disabled={disabled}
        onChange={() => (value === 'extractive' ? chooseExtractive() : setWay(value))}
      />
      {label}
    </label>
  )

  return (
    <fieldset class="first-run-answers">
      <legend class="first-run-heading">How answers are written</legend>
      {option('extractive', 'Quoted sentences (extractive, the default)')}
      <p class="field-hint first-run-hint">
        With no model, an answer is the sentences of your documents that best match the question, quoted with
        their sources. It may quote a sentence that does not quite answer; answers get better with a language
        model, one of the ways below.
      </p>
      {option('webllm', 'WebLLM: a model in this browser', webLlm.data()?.available !== true)}
      <Show when={webLlm.data()?.available === false}>
        <p id="first-run-webllm-reason" class="field-hint first-run-hint">
          Not available here: {webLlm.data()?.reason} A recent Chrome or Edge on a computer with a supported
          GPU runs it.
        </p>
      </Show>
      <Show when={way() === 'webllm'}>
        <div class="first-run-detail">
          <WebLlmModelPicker
            model={webLlmModel()}
            onChange={(model) => {
              setWebLlmModel(model)
              void use({ kind: 'webllm', model }, `WebLLM ${model}`)
            }}
          />
        </div>
      </Show>
      {option('ollama', 'Ollama on this computer')}
      <Show when={way() === 'ollama'}>
        <div class="first-run-detail">
          <p class="field-hint">Quire contacts Ollama only when you test the connection.</p>
          <ConnectionTestForm
            kind="ollama"
            label="Ollama"
            defaultAddress="http://localhost:11434"
            withKey={false}
            onUse={use}
          />
        </div>
      </Show>
      {option('openai', 'A provider key (OpenAI or any OpenAI-compatible service)')}
      <Show when={way() === 'openai'}>
        <div class="first-run-detail">
          <p class="field-hint">The key stays on this device and is never synced or shown again.</p>
          <ConnectionTestForm
            kind="openai"
            label="Provider"
            defaultAddress="https://api.openai.com/v1"
            withKey
            onUse={use}
          />
        </div>
      </Show>
    </fieldset>
  )
}

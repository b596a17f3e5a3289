import { createSignal, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { getSettings, saveSettings, type GeneratorInput } from '../api/settingsApi'
import { rememberAnswerOffer } from '../chat/answerOfferMemory'
import { showToast } from '../toasts/toastStore'
import { RadioGroup, type RadioOption } from '../ui/RadioGroup'
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
 * The answer is the first chat screen's too (answerOfferMemory): a model chosen here, or quotes, is not
 * asked about again there.
 */
export function FirstRunAnswerChoice() {
  const webLlm = createLoad(webLlmAvailability)
  const settings = createLoad(() => getSettings())
  const [way, setWay] = createSignal<Way>('extractive')
  const [webLlmModel, setWebLlmModel] = createSignal('')
  const saved = () => settings.data()?.generator.kind ?? 'extractive'

  const use = async (generator: GeneratorInput, label: string) => {
    try {
      const next = await saveSettings({ generator })
      settings.set(next)
      rememberAnswerOffer('model')
      showToast({ message: `Answers now come from ${label}` })
    } catch (caught) {
      showToast({ message: `Not saved: ${errorDetail(caught)}` })
    }
  }

  const chooseExtractive = () => {
    setWay('extractive')
    rememberAnswerOffer('quotes')
    if (saved() !== 'extractive') void use({ kind: 'extractive' }, 'the extractive answerer')
  }

  // Built once: each option's hint and detail are shown and hidden by their own `<Show>`.
  const ways: readonly RadioOption<Way>[] = [
    {
      value: 'extractive',
      label: 'Quoted sentences (extractive, the default)',
      hint: (
        <>
          With no model, an answer is the sentences of your documents that best match the question, quoted
          with their sources. It may quote a sentence that does not quite answer; answers get better with a
          language model, one of the ways below.
        </>
      ),
    },
    {
      value: 'webllm',
      label: 'WebLLM: a model in this browser',
      get disabled() {
        return webLlm.data()?.available !== true
      },
      hintId: 'first-run-webllm-reason',
      hint: (
        <Show when={webLlm.data()?.available === false}>
          Not available here: {webLlm.data()?.reason} A recent Chrome or Edge on a computer with a supported
          GPU runs it.
        </Show>
      ),
      detail: (
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
      ),
    },
    {
      value: 'ollama',
      label: 'Ollama on this computer',
      detail: (
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
      ),
    },
    {
      value: 'openai',
      label: 'A provider key (OpenAI or any OpenAI-compatible service)',
      detail: (
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
      ),
    },
  ]

  return (
    <RadioGroup
      legend="How answers are written"
      class="first-run-answers"
      legendClass="first-run-heading"
      optionClass="first-run-way"
      hintClass="first-run-hint"
      value={way()}
      onChange={(value) => (value === 'extractive' ? chooseExtractive() : setWay(value))}
      options={ways}
    />
  )
}

import { createSignal, onMount } from 'solid-js'
import type { GeneratorView } from '../api/settingsApi'
import { AnswerModelPicker } from './AnswerModelPicker'
import { AnthropicKeyField } from './AnthropicKeyField'
import { allowModelListing } from './modelListing'
import { ProviderServerList } from './ProviderServerList'
import './modelSettings.css'

/**
 * Settings' language models: the one model picker (what answers documents and conversations), and
 * below it the servers it lists models from, per provider, with their write-only keys and connection
 * tests. The servers are the provider registry's (DESIGN.md section 9): `/api/v1/ai/providers/*` and
 * plugins use the same ones.
 */
export function ModelSettingsSection(props: { generator: GeneratorView }) {
  const [reload, setReload] = createSignal(0)
  // A server the person added, edited or removed is one they use: list its models from now on.
  const changed = () => {
    allowModelListing()
    setReload((count) => count + 1)
  }
  let section!: HTMLElement
  // Linked to from under every answer ("Choose a model": /settings#models-title). The router's own scroll to
  // the hash runs before this screen's settings have loaded, so the section takes the reader there itself,
  // with the model picker focused: one click from an answer to choosing its model.
  onMount(() => {
    if (window.location.hash !== '#models-title') return
    section.scrollIntoView({ block: 'start' })
    section.querySelector('select')?.focus({ preventScroll: true })
  })
  return (
    <section ref={section} class="settings-section" aria-labelledby="models-title">
      <h2 id="models-title" class="settings-section-title">
        Language models
      </h2>
      <AnswerModelPicker initial={props.generator} reload={reload} />
      <ProviderServerList
        provider="ollama"
        withKey={false}
        defaultAddress="http://localhost:11434"
        addressHint="Where Ollama listens, such as http://localhost:11434."
        onChanged={changed}
      />
      <ProviderServerList
        provider="openai"
        withKey
        defaultAddress="https://api.openai.com/v1"
        addressHint="Its base URL, with or without /v1: OpenAI, Groq, OpenRouter, LM Studio, llama.cpp, vLLM…"
        onChanged={changed}
      />
      <AnthropicKeyField onChanged={changed} />
    </section>
  )
}

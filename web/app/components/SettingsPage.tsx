import { createSignal, Match, Show, Switch } from 'solid-js'
import { ApiRequestError } from '../api/ApiRequestError'
import {
  saveSettings,
  testGenerator,
  type ConnectionResult,
  type GeneratorInput,
  type SettingsView,
} from '../api/settingsApi'
import { APP_VERSION } from '../pwa/appVersion'
import { ClearDataSection } from '../settings/ClearDataSection'
import { EmbedderDownload } from '../settings/EmbedderDownload'
import '../settings/settings.css'
import { StorageSection } from '../settings/StorageSection'
import { WebSearchSection } from '../settings/WebSearchSection'
import { WebLlmModelPicker } from '../settings/WebLlmModelPicker'
import { showToast } from '../toasts/toastStore'
import { usePageTitle } from '../usePageTitle'

const HASH_EMBEDDER = 'hash-v1'
const SUGGESTED_MODEL = 'Xenova/bge-small-en-v1.5'
const DEFAULT_URLS = { openai: 'https://api.openai.com/v1', ollama: 'http://localhost:11434' }
type Kind = GeneratorInput['kind']

/**
 * How Quire embeds and answers: the embedder used for documents processed from now on (stored
 * vectors keep theirs), and the answer generator with a connection test for model endpoints. Below the
 * form: the browser storage Quire uses, clearing it, and the app's version.
 */
export function SettingsPage(props: { settings: SettingsView }) {
  usePageTitle('Settings')
  const initial = props.settings
  const [useModel, setUseModel] = createSignal(initial.embedder.id !== HASH_EMBEDDER)
  const [modelId, setModelId] = createSignal(
    initial.embedder.id === HASH_EMBEDDER ? SUGGESTED_MODEL : initial.embedder.id,
  )
  const [kind, setKind] = createSignal<Kind>(initial.generator.kind)
  const generator = initial.generator
  const [baseUrl, setBaseUrl] = createSignal('base_url' in generator ? generator.base_url : '')
  const [model, setModel] = createSignal('model' in generator ? generator.model : '')
  const [apiKey, setApiKey] = createSignal('')
  const [removeKey, setRemoveKey] = createSignal(false)
  // What the server says now about the saved key (refreshed by every save).
  const [shown, setShown] = createSignal(generator)
  const keyHint = () => {
    const view = shown()
    return view.kind === 'openai' && view.has_api_key ? (view.api_key_hint ?? '…') : null
  }
  const serverKey = () => {
    const view = shown()
    return view.kind === 'openai' && view.uses_server_key === true
  }
  const [saving, setSaving] = createSignal(false)
  const [error, setError] = createSignal<string | null>(null)
  const [testing, setTesting] = createSignal(false)
  const [tested, setTested] = createSignal<ConnectionResult | null>(null)

  const chooseKind = (next: Kind) => {
    setKind(next)
    setTested(null)
    if ((next === 'openai' || next === 'ollama') && baseUrl() === '') setBaseUrl(DEFAULT_URLS[next])
  }

  const generatorInput = (): GeneratorInput => {
    const k = kind()
    if (k === 'extractive') return { kind: k }
    if (k === 'webllm') return { kind: k, model: model().trim() }
    if (k === 'ollama') return { kind: k, base_url: baseUrl().trim(), model: model().trim() }
    return {
      kind: k,
      base_url: baseUrl().trim(),
      model: model().trim(),
      ...(apiKey() !== '' ? { api_key: apiKey() } : removeKey() ? { api_key: '' } : {}),
    }
  }

  const describe = (failure: unknown) =>
    failure instanceof ApiRequestError || failure instanceof Error ? failure.message : String(failure)

  const save = async (event: SubmitEvent) => {
    event.preventDefault()
    setSaving(true)
    setError(null)
    try {
      const saved = await saveSettings({
        embedder: { id: useModel() ? modelId().trim() : HASH_EMBEDDER },
        generator: generatorInput(),
      })
      setShown(saved.generator)
      setApiKey('')
      setRemoveKey(false)
      showToast({ message: 'Settings saved' })
    } catch (failure) {
      setError(describe(failure))
    } finally {
      setSaving(false)
    }
  }

  const test = async () => {
    setTesting(true)
    setTested(null)
    try {
      setTested(await testGenerator(generatorInput()))
    } catch (failure) {
      setTested({ ok: false, detail: describe(failure), models: [] })
    } finally {
      setTesting(false)
    }
  }

  return (
    <section class="page page-narrow" aria-labelledby="settings-title">
      <header class="page-header">
        <h1 id="settings-title" class="page-title">
          Settings
        </h1>
      </header>
      <form class="form" novalidate onSubmit={(event) => void save(event)}>
        <Show when={error()}>
          <p class="form-alert" role="alert">
            {error()}
          </p>
        </Show>
        <fieldset class="field">
          <legend class="field-label">Embedder</legend>
          <label class="choice">
            <input type="radio" name="embedder" checked={!useModel()} onChange={() => setUseModel(false)} />
            Built-in (hash-v1): no download, works everywhere
          </label>
          <label class="choice">
            <input type="radio" name="embedder" checked={useModel()} onChange={() => setUseModel(true)} />A
            transformers.js model
          </label>
          <Show when={useModel()}>
            <label class="field-label" for="embedder-model">
              Model id
            </label>
            <input
              id="embedder-model"
              class="input input-mono"
              type="text"
              autocomplete="off"
              value={modelId()}
              onInput={(event) => setModelId(event.currentTarget.value)}
            />
            <EmbedderDownload modelId={modelId()} />
          </Show>
          <p class="field-hint">
            Used for documents added from now on; documents already processed keep their vectors. A model is
            downloaded once (from this server when it hosts it, else from the Hugging Face hub) and then works
            offline.
          </p>
        </fieldset>
        <div class="field">
          <label class="field-label" for="generator-kind">
            Answer generator
          </label>
          <select
            id="generator-kind"
            class="input"
            value={kind()}
            onChange={(event) => chooseKind(event.currentTarget.value as Kind)}
          >
            <option value="extractive">Extractive: quotes the passages, no model</option>
            <option value="webllm">WebLLM: a model on this device's GPU (WebGPU)</option>
            <option value="ollama">Ollama</option>
            <option value="openai">OpenAI-compatible endpoint</option>
          </select>
        </div>
        <Switch>
          <Match when={kind() === 'openai' || kind() === 'ollama'}>
            <div class="field">
              <label class="field-label" for="generator-url">
                Endpoint URL
              </label>
              <input
                id="generator-url"
                class="input input-mono"
                type="url"
                value={baseUrl()}
                onInput={(event) => setBaseUrl(event.currentTarget.value)}
              />
            </div>
          </Match>
        </Switch>
        <Show when={kind() === 'webllm'}>
          <WebLlmModelPicker model={model()} onChange={setModel} />
        </Show>
        <Show when={kind() === 'openai' || kind() === 'ollama'}>
          <div class="field">
            <label class="field-label" for="generator-model">
              Model
            </label>
            <input
              id="generator-model"
              class="input input-mono"
              type="text"
              autocomplete="off"
              value={model()}
              onInput={(event) => setModel(event.currentTarget.value)}
            />
          </div>
        </Show>
        <Show when={kind() === 'openai'}>
          <div class="field">
            <label class="field-label" for="generator-key">
              API key
            </label>
            <input
              id="generator-key"
              class="input input-mono"
              type="password"
              autocomplete="off"
              placeholder={keyHint() ? `Saved key ${keyHint()} (leave empty to keep it)` : ''}
              aria-describedby="generator-key-hint"
              value={apiKey()}
              onInput={(event) => setApiKey(event.currentTarget.value)}
            />
            <p id="generator-key-hint" class="field-hint">
              <Show
                when={keyHint()}
                fallback={
                  serverKey()
                    ? 'This server answers with its own key for this URL; add yours to use it instead.'
                    : 'Stored on this device only, never synced. Kept when you change the model, dropped when you change the URL.'
                }
              >
                {(hint) =>
                  `Your saved key ends in ${hint().slice(1) || '(too short to show)'}. It is never shown or synced, and is dropped when you change the URL.`
                }
              </Show>
            </p>
            <Show when={keyHint()}>
              <label class="choice">
                <input
                  type="checkbox"
                  checked={removeKey()}
                  onChange={(event) => setRemoveKey(event.currentTarget.checked)}
                />
                Remove the saved key
              </label>
            </Show>
          </div>
        </Show>
        <Show when={kind() !== 'extractive'}>
          <div class="form-actions">
            <button type="button" class="button" disabled={testing()} onClick={() => void test()}>
              {testing() ? 'Testing…' : 'Test connection'}
            </button>
          </div>
          <Show when={tested()}>
            {(result) => (
              <p id="generator-test-result" class={result().ok ? 'field-hint' : 'field-error'} role="status">
                {result().detail}
              </p>
            )}
          </Show>
        </Show>
        <div class="form-actions">
          <button type="submit" class="button button-primary" disabled={saving()}>
            {saving() ? 'Saving…' : 'Save settings'}
          </button>
        </div>
      </form>
      <WebSearchSection />
      <StorageSection />
      <ClearDataSection />
      <p id="app-version" class="settings-version">
        Quire version {APP_VERSION}
      </p>
    </section>
  )
}

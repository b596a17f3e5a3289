import { createSignal, createUniqueId, For, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { testGenerator, type GeneratorInput } from '../api/settingsApi'
import { allowModelListing } from './modelListing'
import { plural } from '../plural'
import { TextField } from '../ui/TextField'

export interface ConnectionTestFormProps {
  kind: 'ollama' | 'openai'
  /** What the server is called in labels: "Ollama", "the provider". */
  label: string
  defaultAddress: string
  withKey: boolean
  /** Saves the chosen model as the answer generator. */
  onUse: (generator: GeneratorInput, label: string) => Promise<void>
}

type Tested = { ok: true; models: string[]; text: string } | { ok: false; text: string }

/**
 * An address (and key), tested only when the person presses "Test connection": the host asks the
 * server for its models. On success a model can be chosen from the list, or typed when it lists none.
 */
export function ConnectionTestForm(props: ConnectionTestFormProps) {
  const ids = { model: createUniqueId(), result: createUniqueId() }
  const [address, setAddress] = createSignal(props.defaultAddress)
  const [apiKey, setApiKey] = createSignal('')
  const [tested, setTested] = createSignal<Tested | 'testing' | null>(null)
  const [model, setModel] = createSignal('')
  const [saving, setSaving] = createSignal(false)

  const generator = (name: string): GeneratorInput =>
    props.kind === 'openai'
      ? { kind: 'openai', base_url: address().trim(), model: name, api_key: apiKey().trim() }
      : { kind: 'ollama', base_url: address().trim(), model: name }

  const test = async () => {
    if (tested() === 'testing') return
    allowModelListing()
    setTested('testing')
    try {
      const result = await testGenerator(generator('any'))
      if (result.ok || result.models.length > 0) {
        setModel(result.models[0] ?? '')
        setTested({
          ok: true,
          models: result.models,
          text: `Connected: ${plural(result.models.length, 'model')}`,
        })
      } else setTested({ ok: false, text: `Failed: ${result.detail}` })
    } catch (caught) {
      setTested({ ok: false, text: `Failed: ${errorDetail(caught)}` })
    }
  }

  const use = async (event: SubmitEvent) => {
    event.preventDefault()
    const name = model().trim()
    if (!name || saving()) return
    setSaving(true)
    try {
      await props.onUse(generator(name), `${props.label} ${name}`)
    } finally {
      setSaving(false)
    }
  }

  const result = () => {
    const current = tested()
    return current === 'testing' ? null : current
  }

  return (
    <form class="connection-test" novalidate onSubmit={(event) => void use(event)}>
      <TextField
        label={`${props.label} address`}
        mono
        type="url"
        autocomplete="off"
        value={address()}
        onInput={(event) => {
          setAddress(event.currentTarget.value)
          setTested(null)
        }}
      />
      <Show when={props.withKey}>
        <TextField
          label="API key"
          mono
          type="password"
          autocomplete="off"
          value={apiKey()}
          onInput={(event) => {
            setApiKey(event.currentTarget.value)
            setTested(null)
          }}
        />
      </Show>
      <div>
        <button
          type="button"
          class="button button-small"
          aria-label={`Test connection to ${props.label}`}
          aria-disabled={tested() === 'testing' ? true : undefined}
          onClick={() => void test()}
        >
          {tested() === 'testing' ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      <p id={ids.result} class="server-test" role="status">
        <Show when={result()}>
          {(outcome) => <span class={outcome().ok ? 'server-ok' : 'field-error'}>{outcome().text}</span>}
        </Show>
      </p>
      <Show when={result()?.ok ? (result() as { models: string[] }) : undefined}>
        {(ok) => (
          <TextField
            id={ids.model}
            label="Model"
            mono
            list={`${ids.model}-list`}
            autocomplete="off"
            value={model()}
            onInput={(event) => setModel(event.currentTarget.value)}
            extra={
              <>
                <datalist id={`${ids.model}-list`}>
                  <For each={ok().models}>{(name) => <option value={name} />}</For>
                </datalist>
                <button
                  type="submit"
                  class="button button-small button-primary"
                  disabled={saving() || !model().trim()}
                >
                  Use this model
                </button>
              </>
            }
          />
        )}
      </Show>
    </form>
  )
}

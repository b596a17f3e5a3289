import { createSignal, For, Show } from 'solid-js'
import { PROVIDER_SETTINGS, type ServerProvider } from '../api/aiApi'
import type { GeneratorInput } from '../api/settingsApi'
import { providerLabel } from './modelChoices'
import { SelectField } from '../ui/SelectField'
import { TextField } from '../ui/TextField'

export interface TypedModelServer {
  provider: ServerProvider
  id: string
  serverName: string
  serverAddress: string
}

/**
 * A model named by hand, on one of the person's servers: for a server whose model list is unavailable
 * (not asked yet, down for now, or one that lists no models, as some OpenAI-compatible proxies do).
 * Saved as the registry's form, as a listed model is.
 */
export function TypedModelForm(props: {
  servers: readonly TypedModelServer[]
  onUse: (generator: GeneratorInput, label: string) => void
}) {
  const [serverKey, setServerKey] = createSignal('')
  const [model, setModel] = createSignal('')
  const [problem, setProblem] = createSignal('')
  const keyOf = (server: TypedModelServer) => `${server.provider}:${server.id}`
  const server = () => props.servers.find((each) => keyOf(each) === serverKey()) ?? props.servers[0]

  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    const chosen = server()
    const name = model().trim()
    if (!chosen) return setProblem('Add a server below first.')
    if (!name) return setProblem('Type the model’s name, such as llama3.2.')
    setProblem('')
    props.onUse(
      {
        kind: 'provider',
        provider: chosen.provider,
        settings_id: PROVIDER_SETTINGS[chosen.provider],
        server_id: chosen.id,
        model: name,
      },
      `${name} on ${chosen.serverName}`,
    )
  }

  return (
    <details class="typed-model">
      <summary>Type a model name</summary>
      <form class="typed-model-form" novalidate onSubmit={submit}>
        <Show
          when={props.servers.length > 0}
          fallback={<p class="field-hint">Add an Ollama or OpenAI-compatible server below first.</p>}
        >
          <SelectField label="Server" onChange={(event) => setServerKey(event.currentTarget.value)}>
            <For each={props.servers}>
              {(each) => (
                <option value={keyOf(each)} selected={server() === each}>
                  {providerLabel(each.provider)}: {each.serverName} ({each.serverAddress})
                </option>
              )}
            </For>
          </SelectField>
          <TextField
            label="Model name"
            hint={
              <>
                As the server names it (Ollama: <code>llama3.2</code>; OpenAI: <code>gpt-4o-mini</code>). Used
                as typed, even when the server cannot list its models now.
              </>
            }
            mono
            autocomplete="off"
            invalid={problem() ? true : undefined}
            value={model()}
            onInput={(event) => setModel(event.currentTarget.value)}
          />
          <Show when={problem()}>
            <p class="field-error" role="alert">
              {problem()}
            </p>
          </Show>
          <button type="submit" class="button button-small">
            Use this model
          </button>
        </Show>
      </form>
    </details>
  )
}

import { Link } from '@tanstack/solid-router'
import { createSignal, For, Show } from 'solid-js'
import type { GeneratorInput } from '../api/settingsApi'
import { generatorFor, type FoundServer, type LocalModelSearch } from '../settings/findLocalModels'
import { plural } from '../plural'
import { SelectField } from '../ui/SelectField'

/** Where a server is, as a person reads it: its host and port. */
const shortAddress = (baseUrl: string) => baseUrl.replace(/^https?:\/\//u, '').replace(/\/v1$/u, '')

/**
 * What "Look for a model on this computer" found: each server that answered with its models to choose one
 * from, one that answered with none (what to do about it), and, when none answered, where it looked and
 * why each address did not answer.
 */
export function FoundModelServers(props: {
  search: LocalModelSearch
  saving: boolean
  onUse: (generator: GeneratorInput, label: string) => void
}) {
  return (
    <Show
      when={props.search.found.length > 0}
      fallback={
        <>
          <p class="answer-offer-none">
            No model server answered on this computer (at{' '}
            {props.search.missed.map((missed) => shortAddress(missed.server.baseUrl)).join(', ')}).
          </p>
          <details class="answer-offer-missed">
            <summary>Why</summary>
            <ul>
              <For each={props.search.missed}>{(missed) => <li>{missed.detail}</li>}</For>
            </ul>
          </details>
          <p class="field-hint">
            Start Ollama or LM Studio and look again, or add a server elsewhere in{' '}
            <Link to="/settings" hash="models-title">
              Settings
            </Link>
            .
          </p>
        </>
      }
    >
      <For each={props.search.found}>
        {(server) => <FoundServerChoice server={server} saving={props.saving} onUse={props.onUse} />}
      </For>
    </Show>
  )
}

function FoundServerChoice(props: {
  server: FoundServer
  saving: boolean
  onUse: (generator: GeneratorInput, label: string) => void
}) {
  const [model, setModel] = createSignal(props.server.models[0] ?? '')
  const where = () => `${props.server.name} at ${shortAddress(props.server.baseUrl)}`
  return (
    <div class="answer-offer-found">
      <Show
        when={props.server.models.length > 0}
        fallback={
          <p>
            {where()} answers, but has no models yet.{' '}
            {props.server.kind === 'ollama'
              ? 'Pull one (ollama pull llama3.2), then look again.'
              : 'Load one in it, then look again.'}
          </p>
        }
      >
        <p>
          {where()}: {plural(props.server.models.length, 'model')}
        </p>
        <form
          class="answer-offer-choice"
          onSubmit={(event) => {
            event.preventDefault()
            if (model())
              props.onUse(
                generatorFor(props.server, model()),
                `${props.server.kind === 'ollama' ? 'Ollama' : 'the OpenAI-compatible server'} ${model()}`,
              )
          }}
        >
          <SelectField
            label={`Model on ${shortAddress(props.server.baseUrl)}`}
            value={model()}
            onChange={(event) => setModel(event.currentTarget.value)}
          >
            <For each={props.server.models}>{(name) => <option value={name}>{name}</option>}</For>
          </SelectField>
          <button type="submit" class="button button-small button-primary" disabled={props.saving}>
            Use this model
          </button>
        </form>
      </Show>
    </div>
  )
}

import { createSignal, createUniqueId, For, Match, Show, Switch } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import type { Persona, PersonaInput } from '../api/conversationsApi'
import { Dialog } from '../ui/Dialog'
import { RowActions } from '../ui/RowActions'
import { PersonaForm } from './PersonaForm'

export interface PersonaManagerProps {
  personas: Persona[]
  onCreate: (input: PersonaInput) => Promise<void>
  onUpdate: (persona: Persona, input: PersonaInput) => Promise<void>
  onDelete: (persona: Persona) => Promise<void>
  onClose: () => void
  fallbackFocus: () => HTMLElement | undefined
}

type View =
  { kind: 'list' } | { kind: 'edit'; persona: Persona | undefined } | { kind: 'delete'; persona: Persona }

/**
 * The personas dialog: the list, a form to create or edit one, and a confirmation before deleting. One
 * dialog with three views rather than dialogs on dialogs, so focus and Escape have one place to go back to.
 */
export function PersonaManager(props: PersonaManagerProps) {
  const headingId = createUniqueId()
  const [view, setView] = createSignal<View>({ kind: 'list' })
  const [failure, setFailure] = createSignal<string>()
  const [pending, setPending] = createSignal(false)
  const back = () => {
    setFailure(undefined)
    setView({ kind: 'list' })
  }

  const remove = async (persona: Persona) => {
    if (pending()) return
    setPending(true)
    try {
      await props.onDelete(persona)
      back()
    } catch (error) {
      setFailure(errorDetail(error))
    } finally {
      setPending(false)
    }
  }

  const title = () => {
    const current = view()
    if (current.kind === 'edit') return current.persona ? `Edit ${current.persona.name}` : 'New persona'
    if (current.kind === 'delete') return 'Delete this persona?'
    return 'Personas'
  }

  return (
    <Dialog
      labelledBy={headingId}
      // Escape inside a form or confirmation goes back to the list first; from the list it closes.
      onClose={() => (view().kind === 'list' ? props.onClose() : back())}
      fallbackFocus={props.fallbackFocus}
    >
      <h2 id={headingId} class="dialog-title">
        {title()}
      </h2>
      <Switch>
        <Match when={view().kind === 'list'}>
          <Show
            when={props.personas.length > 0}
            fallback={
              <p class="dialog-message">
                No personas yet. A persona gives the assistant a name, a system prompt and model settings;
                pick one when you start a conversation.
              </p>
            }
          >
            <ul class="conv-persona-list">
              <For each={props.personas}>
                {(persona) => (
                  <li class="conv-persona">
                    <div>
                      <p class="conv-persona-name">{persona.name}</p>
                      <Show when={persona.description}>
                        <p class="conv-muted">{persona.description}</p>
                      </Show>
                    </div>
                    <RowActions
                      class="conv-persona-actions"
                      name={persona.name}
                      edit="Edit"
                      onEdit={() => setView({ kind: 'edit', persona })}
                      onDelete={() => setView({ kind: 'delete', persona })}
                    />
                  </li>
                )}
              </For>
            </ul>
          </Show>
          <div class="dialog-actions">
            <button type="button" class="button" onClick={() => props.onClose()}>
              Close
            </button>
            <button
              type="button"
              class="button button-primary"
              onClick={() => setView({ kind: 'edit', persona: undefined })}
            >
              New persona
            </button>
          </div>
        </Match>
        <Match when={view().kind === 'edit' && view()} keyed>
          {(current) => (
            <PersonaForm
              persona={current.kind === 'edit' ? current.persona : undefined}
              onSave={async (input) => {
                if (current.kind === 'edit' && current.persona) await props.onUpdate(current.persona, input)
                else await props.onCreate(input)
                back()
              }}
              onCancel={back}
            />
          )}
        </Match>
        <Match when={view().kind === 'delete' && view()} keyed>
          {(current) => (
            <Show when={current.kind === 'delete' && current.persona}>
              {(persona) => (
                <>
                  <p class="dialog-message">
                    “{persona().name}” will be deleted. Conversations with it are kept and continue without a
                    persona.
                  </p>
                  <Show when={failure()}>
                    <p class="form-alert" role="alert">
                      {failure()}
                    </p>
                  </Show>
                  <div class="dialog-actions">
                    <button type="button" class="button" onClick={back}>
                      Cancel
                    </button>
                    <button
                      type="button"
                      class="button button-danger"
                      aria-disabled={pending()}
                      onClick={() => void remove(persona())}
                    >
                      Delete
                    </button>
                  </div>
                </>
              )}
            </Show>
          )}
        </Match>
      </Switch>
    </Dialog>
  )
}

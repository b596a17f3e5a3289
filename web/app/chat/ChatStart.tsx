import { createSignal, For, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import type { Collection } from '../api/collectionsApi'
import type { Persona } from '../api/conversationsApi'
import { Link } from '@tanstack/solid-router'
import { ConversationModelPicker } from '../conversations/ConversationModelPicker'
import { SelectField } from '../ui/SelectField'
import { Composer } from './Composer'
import { FirstAnswerOffer } from './FirstAnswerOffer'

/** What a new chat talks to: documents (a chat session) or a model, with or without a persona (a conversation). */
export type ChatStartChoice =
  | { kind: 'documents'; collectionId: string | null; webSearch: boolean }
  | { kind: 'model'; personaId: string | null; model: string | null; server: string | null }

export interface ChatStartProps {
  collections: Collection[]
  personas: Persona[]
  /** Preselected "Search in" ("Ask this collection" opens here with its collection). */
  collectionId: string | undefined
  /** The URL named a chat that does not exist (deleted elsewhere, or a stale link). */
  missing: boolean
  /** Creates the chat, named from the question, and asks it; rejects to keep the question here. */
  onStart: (choice: ChatStartChoice, question: string) => Promise<void>
}

/**
 * A new chat, ready to type: no naming dialog. What it talks to is chosen above the composer (documents
 * by default); the record is created with the first question, which also names it, so an abandoned new
 * chat leaves nothing behind in the list. Until a person has answered it, a document chat first offers a
 * model in place of quoted sentences (FirstAnswerOffer).
 */
export function ChatStart(props: ChatStartProps) {
  const known = (id: string | undefined) => props.collections.some((c) => c.id === id)
  const [talkTo, setTalkTo] = createSignal('documents')
  const [scope, setScope] = createSignal(known(props.collectionId) ? (props.collectionId as string) : '')
  const [webSearch, setWebSearch] = createSignal(false)
  const [model, setModel] = createSignal<{ model: string | null; server: string | null }>({
    model: null,
    server: null,
  })
  const [busy, setBusy] = createSignal(false)
  const [error, setError] = createSignal<string>()
  let focusComposer: (() => void) | undefined

  const choice = (): ChatStartChoice => {
    const value = talkTo()
    if (value === 'documents')
      return { kind: 'documents', collectionId: scope() || null, webSearch: webSearch() }
    const personaId = value.startsWith('persona:') ? value.slice('persona:'.length) : null
    return { kind: 'model', personaId, ...model() }
  }

  // A persona's greeting, as an empty conversation with it shows one.
  const greeting = () => {
    const value = talkTo()
    const persona = props.personas.find((p) => `persona:${p.id}` === value)
    return persona?.sample_greeting ? `${persona.name} says: “${persona.sample_greeting}”` : undefined
  }

  const start = async (question: string) => {
    setBusy(true)
    setError(undefined)
    try {
      await props.onStart(choice(), question)
    } catch (failure) {
      setError(`The chat could not be started: ${errorDetail(failure)}`)
      setBusy(false)
      focusComposer?.()
    }
  }

  return (
    <div class="chat-thread-column chat-start">
      <header class="chat-thread-header chat-start-header">
        <h2 class="chat-thread-title">New chat</h2>
        <div class="chat-start-choices">
          <SelectField
            label="Talk to"
            value={talkTo()}
            onChange={(event) => setTalkTo(event.currentTarget.value)}
          >
            <option value="documents">Your documents</option>
            <option value="model">The language model (no persona)</option>
            <For each={props.personas}>
              {(persona) => <option value={`persona:${persona.id}`}>Persona: {persona.name}</option>}
            </For>
          </SelectField>
          <Show when={talkTo() === 'documents'}>
            <SelectField
              label="Search in"
              value={scope()}
              onChange={(event) => setScope(event.currentTarget.value)}
            >
              <option value="">All documents</option>
              <For each={props.collections}>
                {(collection) => <option value={collection.id}>{collection.name}</option>}
              </For>
            </SelectField>
          </Show>
          <Show when={talkTo() !== 'documents'}>
            <div class="field chat-start-model">
              <ConversationModelPicker onDraft={(model, server) => setModel({ model, server })} />
            </div>
          </Show>
        </div>
      </header>
      <div class="chat-thread chat-start-body">
        <Show when={props.missing}>
          <p class="form-alert" role="alert">
            That chat no longer exists. Pick another or start a new one here.
          </p>
        </Show>
        <Show when={error()}>
          {(message) => (
            <p class="form-alert" role="alert">
              {message()}
            </p>
          )}
        </Show>
        <Show when={talkTo() === 'documents'}>
          <FirstAnswerOffer onDone={() => focusComposer?.()} />
        </Show>
        <Show
          when={talkTo() !== 'documents' || props.collections.length > 0}
          fallback={
            <p class="empty-text">
              Chat answers from your documents, and there are none yet.{' '}
              <Link to="/collections">Add documents</Link> to a collection, or talk to a language model
              instead.
            </p>
          }
        >
          <Show when={greeting()}>{(said) => <p class="conv-greeting">{said()}</p>}</Show>
          <p class="empty-text">
            {talkTo() === 'documents'
              ? 'Ask a question about your documents; answers cite the passages they come from. The chat is named after your first question.'
              : 'Write a first message; the chat is named after it.'}
          </p>
        </Show>
      </div>
      <Composer
        busy={busy()}
        onSend={(question) => void start(question)}
        onStop={() => undefined}
        focusRef={(focus) => (focusComposer = focus)}
        label={talkTo() === 'documents' ? 'Your question' : 'Your message'}
        placeholder={talkTo() === 'documents' ? undefined : 'Write a message…'}
        webSearch={talkTo() === 'documents' ? { on: webSearch(), onChange: setWebSearch } : undefined}
      />
    </div>
  )
}

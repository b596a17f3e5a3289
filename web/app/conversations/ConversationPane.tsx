import { Link } from '@tanstack/solid-router'
import { createMemo, createResource, For, onMount, Show } from 'solid-js'
import { ApiRequestError, errorDetail } from '../api/ApiRequestError'
import {
  getConversation,
  type Conversation,
  type ConversationMessage,
  type Persona,
  type Tag,
} from '../api/conversationsApi'
import { Composer } from '../chat/Composer'
import { MessageThread, type ThreadMessage } from '../chat/MessageThread'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { showToast } from '../toasts/toastStore'
import { SelectField } from '../ui/SelectField'
import { ConversationModelPicker } from './ConversationModelPicker'
import { conversationTitle } from './conversationOrder'
import { TagBar } from './TagBar'
import { useConversationReply } from './useConversationReply'

export interface ConversationPaneProps {
  conversation: Conversation
  personas: Persona[]
  tags: Tag[]
  attachedTagIds: string[]
  /** Sent as soon as the conversation opens: the first message of a chat just created from it. */
  initialMessage?: string
  onPersonaChange: (personaId: string | null) => Promise<void>
  onAttach: (tagId: string) => Promise<void>
  onDetach: (tag: Tag) => Promise<void>
  onCreateTag: (name: string, color: string) => Promise<void>
  /** A message was sent or a reply ended: the sidebar's order may have changed. */
  onActivity: () => void
}

/**
 * One open model conversation in the one Chat screen: its persona and tags, its stored messages, the reply streaming in, the composer.
 * Mounted per conversation (keyed by id), so a reply in progress belongs to the conversation it started in.
 */
export function ConversationPane(props: ConversationPaneProps) {
  const [stored, { refetch }] = createResource(
    () => props.conversation.id,
    (id) => getConversation(id),
  )
  const reply = useConversationReply({
    conversationId: () => props.conversation.id,
    reload: () => Promise.resolve(refetch()),
    onEnded: () => props.onActivity(),
  })
  let composerFocus: (() => void) | undefined
  onMount(() => {
    const first = props.initialMessage
    if (first) void reply.send(first).finally(() => composerFocus?.())
  })
  const persona = createMemo(() => props.personas.find((p) => p.id === props.conversation.persona_id))
  // The thread shows the exchange: a system message (instructions to the model) is not part of it.
  const messages = createMemo(() =>
    [...(stored.latest?.messages ?? [])]
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
      .filter((message) => message.sender !== 'system'),
  )

  const changePersona = async (select: HTMLSelectElement) => {
    const chosen = select.value || null
    try {
      await props.onPersonaChange(chosen)
      showToast({
        message: chosen ? `Now speaking as ${persona()?.name ?? 'the persona'}` : 'Persona removed',
      })
    } catch (error) {
      select.value = props.conversation.persona_id ?? ''
      showToast({ message: errorDetail(error) })
    }
  }

  return (
    <div class="chat-thread-column">
      <header class="conv-header">
        <h2 class="chat-thread-title">{conversationTitle(props.conversation)}</h2>
        <div class="conv-header-actions">
          <SelectField
            label="Persona"
            labelClass="conv-inline-label"
            class="conv-inline-field"
            value={props.conversation.persona_id ?? ''}
            onChange={(event) => void changePersona(event.currentTarget)}
          >
            <option value="">No persona</option>
            <For each={props.personas}>{(p) => <option value={p.id}>{p.name}</option>}</For>
          </SelectField>
          <ConversationModelPicker conversation={props.conversation} />
        </div>
      </header>
      <TagBar
        tags={props.tags}
        attached={props.attachedTagIds}
        onAttach={props.onAttach}
        onDetach={props.onDetach}
        onCreate={props.onCreateTag}
      />
      <Show
        when={!stored.error}
        fallback={
          <ErrorPanel
            title="This conversation's messages could not be loaded"
            error={stored.error}
            onRetry={() => void refetch()}
          />
        }
      >
        <Show
          when={stored.state !== 'pending' || stored.latest}
          fallback={<LoadingPanel label="Loading messages…" />}
        >
          <MessageThread
            messages={messages()}
            show={showConversationMessage}
            pending={reply.pending()}
            empty={
              <>
                <Show when={persona()?.sample_greeting}>
                  {(greeting) => (
                    <p class="conv-greeting">
                      {persona()?.name} says: “{greeting()}”
                    </p>
                  )}
                </Show>
                Write a message below to begin. Enter sends; Shift+Enter starts a new line.
              </>
            }
            waitingText="Writing…"
          />
        </Show>
      </Show>
      <Show when={reply.failure()}>
        {(failed) => (
          <div class="panel panel-error chat-failure" role="alert">
            <h3 class="panel-title">
              {failed().messageStored ? 'No reply came' : 'The message could not be sent'}
            </h3>
            <p class="panel-detail">{errorDetail(failed().error)}</p>
            <Show when={needsSettings(failed().error)}>
              <p class="panel-detail">
                <Link to="/settings">Choose a language model in Settings</Link>, then try again.
              </p>
            </Show>
            <button type="button" class="button" onClick={() => void reply.retry()}>
              Try again
            </button>
          </div>
        )}
      </Show>
      <Composer
        busy={reply.pending() !== undefined}
        onSend={(text) => void reply.send(text).finally(() => composerFocus?.())}
        onStop={reply.stop}
        focusRef={(focus) => (composerFocus = focus)}
        label="Your message"
        placeholder="Write a message…"
      />
    </div>
  )
}

/** A conversation's message in the thread: its own words, no cited passages (a model answers from none). */
function showConversationMessage(message: ConversationMessage): ThreadMessage {
  return {
    role: message.sender === 'user' ? 'user' : 'assistant',
    content: message.message,
    sources: [],
    stopped: message.message_metadata?.stopped === true,
  }
}

/** 409: no language model is configured; 502: the configured one could not be reached. */
function needsSettings(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 409 || error.status === 502)
}

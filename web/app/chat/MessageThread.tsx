import { For, Show } from 'solid-js'
import type { ChatMessage, CitedSource } from '../api/chatApi'
import { MessageBubble } from './MessageBubble'
import { createFollowScroll } from './createFollowScroll'

/** A question being answered right now, before the API has stored it. */
export interface PendingTurn {
  question: string
  answer: string
  sources: CitedSource[]
  stopped: boolean
}

export interface MessageThreadProps {
  messages: ChatMessage[]
  pending: PendingTurn | undefined
  busy: boolean
  onCite: (source: CitedSource, opener: HTMLElement | null) => void
  onRegenerate: (question: string) => void
  /** Shown in the answer's place until its first words arrive (the bubble's default otherwise). */
  waitingText?: string
}

/** The question an assistant message answered: the nearest user message before it. */
function questionBefore(messages: ChatMessage[], index: number): string | undefined {
  for (let i = index - 1; i >= 0; i--) {
    const message = messages[i]
    if (message?.role === 'user') return message.content
  }
  return undefined
}

/**
 * The conversation, oldest first. It is a `log` region, so screen readers announce new messages, but the
 * streaming answer is `aria-busy` until it is complete: announcing every token would be unbearable.
 */
export function MessageThread(props: MessageThreadProps) {
  let list!: HTMLDivElement

  const onScroll = createFollowScroll(
    () => list,
    () => [props.messages.length, props.pending?.answer, props.pending?.question],
  )

  return (
    // The log is the scrolling box around the list: a list given role="log" is no longer a list, and its
    // items would be list items outside any list.
    <div
      ref={list}
      class="chat-thread"
      role="log"
      aria-label="Messages"
      aria-busy={props.busy}
      onScroll={onScroll}
    >
      <ol class="chat-thread-list">
        <Show when={props.messages.length === 0 && !props.pending}>
          <li class="chat-thread-empty">
            Ask a question below to begin. Answers cite the passages they use.
          </li>
        </Show>
        <For each={props.messages}>
          {(message, index) => (
            <MessageBubble
              role={message.role}
              content={message.content}
              sources={message.metadata.source_documents ?? []}
              stopped={message.metadata.stopped === true}
              note={messageNote(message)}
              actionsDisabled={props.busy}
              onCite={props.onCite}
              onRegenerate={() => {
                const question = questionBefore(props.messages, index())
                if (question) props.onRegenerate(question)
              }}
            />
          )}
        </For>
        <Show when={props.pending}>
          {(turn) => (
            <>
              <MessageBubble
                role="user"
                content={turn().question}
                sources={[]}
                stopped={false}
                actionsDisabled
              />
              <MessageBubble
                role="assistant"
                content={turn().answer}
                sources={turn().sources}
                stopped={turn().stopped}
                streaming={!turn().stopped}
                actionsDisabled
                onCite={props.onCite}
                waitingText={props.waitingText}
              />
            </>
          )}
        </Show>
      </ol>
    </div>
  )
}

/** What the answer's search left out: keyword search standing in for vectors, a web search that could not run. */
function messageNote(message: ChatMessage): string | undefined {
  const notes = [message.metadata.search_note, message.metadata.web_search_note].filter(
    (note): note is string => typeof note === 'string' && note !== '',
  )
  return notes.length > 0 ? notes.join(' ') : undefined
}

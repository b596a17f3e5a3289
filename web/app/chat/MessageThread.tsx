import { createEffect, createMemo, For, on, Show, type JSX } from 'solid-js'
import type { ChatMessage, CitedSource } from '../api/chatApi'
import type { AnswerMaker } from './answerMaker'
import { MessageBubble } from './MessageBubble'
import { createFollowScroll } from './createFollowScroll'

/** What a bubble shows of one stored message, whichever API stored it. */
export interface ThreadMessage {
  role: ChatMessage['role']
  content: string
  sources: CitedSource[]
  stopped: boolean
  /** Said under the answer (what a document search left out). */
  note?: string | undefined
  /** What wrote the answer (quotes or a model), where the stored message says. */
  maker?: AnswerMaker | undefined
}

/** A turn being answered right now, before the API has stored it. */
export interface PendingTurn {
  /** The question just asked; absent when only the answer is being asked for again (a conversation's retry). */
  question?: string
  answer: string
  /** The passages the answer cites, as they arrive (a document chat); none for a model conversation. */
  sources?: CitedSource[]
  stopped: boolean
  /** What writes the answer, once the stream has said (a document chat's first event). */
  maker?: AnswerMaker | undefined
}

export interface MessageThreadProps<T> {
  /**
   * The chat's id, to open where the reader left it (another chat or screen opened and this one again);
   * without it the thread opens at its newest message.
   */
  place?: string
  /** The stored messages, oldest first, in the API's own shape. */
  messages: readonly T[]
  /** How one stored message shows. Read once per message: stored messages are never changed in place. */
  show: (message: T) => ThreadMessage
  pending: PendingTurn | undefined
  /** What an empty thread says. */
  empty: JSX.Element
  /** Shown in the answer's place until its first words arrive (the bubble's default otherwise). */
  waitingText?: string | undefined
  onCite?: (source: CitedSource, opener: HTMLElement | null) => void
  /** Answers the stored assistant message at `index` again; without it there is no Regenerate. */
  onRegenerate?: (index: number) => void
}

/**
 * The one message thread, oldest first, for both records the Chat screen opens: a document chat
 * (`ChatConversation`) and a model conversation (`ConversationPane`); they differ only in what they pass.
 * It is a `log` region, so screen readers announce new messages, but it is `aria-busy` while an answer
 * streams: announcing every token would be unbearable.
 */
export function MessageThread<T>(props: MessageThreadProps<T>) {
  let list!: HTMLDivElement
  const busy = () => props.pending !== undefined

  const follow = createFollowScroll(
    () => list,
    () => [props.messages.length, props.pending?.answer, props.pending?.question],
    props.place,
  )
  // A question just sent brings the end back into view, even for a reader who had scrolled up. Through a
  // memo: `pending` is a new object with every word of the answer, and an effect on it alone would pull a
  // reader who scrolled up while the answer streams back down with each word.
  const question = createMemo(() => props.pending?.question)
  createEffect(
    on(
      question,
      (question) => {
        if (question !== undefined) follow.toEnd()
      },
      { defer: true },
    ),
  )

  return (
    // The log is the scrolling box around the list: a list given role="log" is no longer a list, and its
    // items would be list items outside any list (axe).
    <div class="chat-thread-box">
      <div
        ref={list}
        class="chat-thread"
        role="log"
        aria-label="Messages"
        aria-busy={busy()}
        onScroll={() => follow.onScroll()}
      >
        <ol class="chat-thread-list">
          <Show when={props.messages.length === 0 && !props.pending}>
            <li class="chat-thread-empty">{props.empty}</li>
          </Show>
          <For each={props.messages}>
            {(message, index) => {
              const shown = props.show(message)
              return (
                <MessageBubble
                  role={shown.role}
                  content={shown.content}
                  sources={shown.sources}
                  stopped={shown.stopped}
                  note={shown.note}
                  maker={shown.maker}
                  // While another answer streams, copying is fine but regenerating is not.
                  actionsDisabled={busy()}
                  onCite={props.onCite}
                  onRegenerate={props.onRegenerate && (() => props.onRegenerate?.(index()))}
                />
              )
            }}
          </For>
          <Show when={props.pending}>
            {(turn) => (
              <>
                <Show when={turn().question}>
                  {(question) => (
                    <MessageBubble
                      role="user"
                      content={question()}
                      sources={[]}
                      stopped={false}
                      actionsDisabled
                    />
                  )}
                </Show>
                <MessageBubble
                  role="assistant"
                  content={turn().answer}
                  sources={turn().sources ?? []}
                  stopped={turn().stopped}
                  streaming={!turn().stopped}
                  maker={turn().maker}
                  actionsDisabled
                  onCite={props.onCite}
                  waitingText={props.waitingText}
                />
              </>
            )}
          </Show>
        </ol>
      </div>
      <Show when={!follow.following()}>
        <button type="button" class="button button-small chat-newest" onClick={() => follow.toEnd()}>
          Newest <span aria-hidden="true">↓</span>
        </button>
      </Show>
    </div>
  )
}

import { For, Show } from 'solid-js'
import type { ConversationMessage, Persona } from '../api/conversationsApi'
import { MessageBubble } from '../chat/MessageBubble'
import type { PendingReply } from './useConversationReply'
import { createFollowScroll } from '../chat/createFollowScroll'

export interface ConversationThreadProps {
  messages: ConversationMessage[]
  pending: PendingReply | undefined
  persona: Persona | undefined
}

/**
 * The messages, oldest first, drawn with the Chat screen's bubbles. A `log` region so new messages are
 * announced, `aria-busy` while a reply streams so that tokens are not read out one by one.
 */
export function ConversationThread(props: ConversationThreadProps) {
  let list!: HTMLDivElement
  const onScroll = createFollowScroll(
    () => list,
    () => [props.messages.length, props.pending?.answer, props.pending?.question],
  )

  return (
    // As the Chat screen's thread: the log is the scrolling box around the list, since a list given
    // role="log" is no longer a list and its messages would be list items outside any list (axe).
    <div
      ref={list}
      class="chat-thread"
      role="log"
      aria-label="Messages"
      aria-busy={props.pending !== undefined}
      onScroll={onScroll}
    >
      <ol class="chat-thread-list">
        <Show when={props.messages.length === 0 && !props.pending}>
          <li class="chat-thread-empty">
            <Show when={props.persona?.sample_greeting}>
              {(greeting) => (
                <p class="conv-greeting">
                  {props.persona?.name} says: “{greeting()}”
                </p>
              )}
            </Show>
            Write a message below to begin. Enter sends; Shift+Enter starts a new line.
          </li>
        </Show>
        <For each={props.messages.filter((message) => message.sender !== 'system')}>
          {(message) => (
            <MessageBubble
              role={message.sender === 'user' ? 'user' : 'assistant'}
              content={message.message}
              sources={[]}
              stopped={message.message_metadata?.stopped === true}
            />
          )}
        </For>
        <Show when={props.pending}>
          {(turn) => (
            <>
              <Show when={turn().question}>
                {(question) => (
                  <MessageBubble role="user" content={question()} sources={[]} stopped={false} />
                )}
              </Show>
              <MessageBubble
                role="assistant"
                content={turn().answer}
                sources={[]}
                stopped={turn().stopped}
                streaming={!turn().stopped}
                waitingText="Writing…"
              />
            </>
          )}
        </Show>
      </ol>
    </div>
  )
}

import { Link } from '@tanstack/solid-router'
import { For, Show } from 'solid-js'
import type { ChatSession } from '../api/chatApi'

export interface SessionListProps {
  sessions: ChatSession[]
  currentId: string | undefined
  newButtonRef: (element: HTMLButtonElement) => void
  onNew: () => void
  onRename: (session: ChatSession) => void
  onDelete: (session: ChatSession) => void
}

/** The sidebar: a button for a new chat and every session, latest activity first, each with its actions. */
export function SessionList(props: SessionListProps) {
  return (
    <nav class="chat-sessions" aria-label="Chat sessions">
      <button
        ref={props.newButtonRef}
        type="button"
        class="button button-primary"
        onClick={() => props.onNew()}
      >
        New chat
      </button>
      <Show
        when={props.sessions.length > 0}
        fallback={
          <p class="chat-sessions-empty">No chats yet. Start one to ask your documents a question.</p>
        }
      >
        <ul class="chat-session-list">
          <For each={props.sessions}>
            {(session) => (
              <li class="chat-session" classList={{ 'chat-session-current': session.id === props.currentId }}>
                <Link
                  to="/chat"
                  search={{ session: session.id }}
                  class="chat-session-link"
                  aria-current={session.id === props.currentId ? 'page' : undefined}
                  activeOptions={{ includeSearch: true }}
                >
                  <span class="chat-session-name">{session.name}</span>
                  <span class="chat-session-count">
                    {session.message_count === 1 ? '1 message' : `${session.message_count} messages`}
                  </span>
                </Link>
                <div class="chat-session-actions">
                  <button
                    type="button"
                    class="button button-quiet button-small"
                    aria-label={`Rename ${session.name}`}
                    onClick={() => props.onRename(session)}
                  >
                    Rename
                  </button>
                  <button
                    type="button"
                    class="button button-danger-quiet button-small"
                    aria-label={`Delete ${session.name}`}
                    onClick={() => props.onDelete(session)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </nav>
  )
}

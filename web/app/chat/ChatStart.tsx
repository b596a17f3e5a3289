import { Link } from '@tanstack/solid-router'
import { Show } from 'solid-js'

export interface ChatStartProps {
  hasSessions: boolean
  /** The URL named a session that does not exist (deleted elsewhere, or a stale link). */
  missing: boolean
  hasCollections: boolean
  onNew: () => void
}

/** What the thread area shows with no session open: the first-run empty state, or a prompt to pick one. */
export function ChatStart(props: ChatStartProps) {
  return (
    <div class="empty-state chat-start">
      <Show when={props.missing}>
        <p class="form-alert" role="alert">
          That chat no longer exists. Pick another or start a new one.
        </p>
      </Show>
      <h2 class="empty-title">{props.hasSessions ? 'Pick a chat' : 'No chats yet'}</h2>
      <Show
        when={props.hasCollections}
        fallback={
          <p class="empty-text">
            Chat answers from your documents, and there are none yet.{' '}
            <Link to="/collections">Add documents</Link> to a collection first.
          </p>
        }
      >
        <p class="empty-text">
          Ask questions about your documents; answers cite the passages they come from. Everything stays in
          this browser.
        </p>
      </Show>
      <button type="button" class="button button-primary" onClick={() => props.onNew()}>
        Start a new chat
      </button>
    </div>
  )
}

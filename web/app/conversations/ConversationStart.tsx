export interface ConversationStartProps {
  hasConversations: boolean
  /** The URL names a conversation that does not exist (deleted, or a stale link). */
  missing: boolean
  onNew: () => void
}

/** What the pane shows with no conversation open: what to do next. */
export function ConversationStart(props: ConversationStartProps) {
  return (
    <div class="empty-state">
      <h2 class="empty-title">
        {props.missing
          ? 'This conversation no longer exists'
          : props.hasConversations
            ? 'Choose a conversation'
            : 'No conversations yet'}
      </h2>
      <p class="empty-text">
        {props.hasConversations
          ? 'Pick one from the list, or start a new one.'
          : 'Start a conversation with the language model set in Settings, optionally as one of your personas.'}
      </p>
      <button type="button" class="button button-primary" onClick={() => props.onNew()}>
        New conversation
      </button>
    </div>
  )
}

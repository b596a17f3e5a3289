export interface RowActionsProps {
  /** The feature's class for the pair's box (`chat-session-actions`, `conv-persona-actions`). */
  class: string
  /**
   * The row's name: each button is named after it ("Rename Notes", "Delete Notes"), so a list of rows does
   * not read as a column of identical "Delete" buttons.
   */
  name: string
  /** The first action's word: "Rename" where only the name changes, "Edit" where a form opens. */
  edit: string
  onEdit: () => void
  onDelete: () => void
}

/**
 * The two actions of a row in a list of things a person keeps (chats, personas): change it, delete it.
 * Quiet small buttons, the delete one in the danger colour; both only ask (a dialog or form follows).
 */
export function RowActions(props: RowActionsProps) {
  return (
    <div class={props.class}>
      <button
        type="button"
        class="button button-quiet button-small"
        aria-label={`${props.edit} ${props.name}`}
        onClick={() => props.onEdit()}
      >
        {props.edit}
      </button>
      <button
        type="button"
        class="button button-danger-quiet button-small"
        aria-label={`Delete ${props.name}`}
        onClick={() => props.onDelete()}
      >
        Delete
      </button>
    </div>
  )
}

import { createUniqueId, type JSX } from 'solid-js'
import { Dialog } from './Dialog'
import { FormAlert } from './FormAlert'

export interface QuestionDialogProps {
  /** The question: "Delete Papers?", "Sign out?". */
  title: string
  /** What the answer does; it is the dialog's description. */
  children: JSX.Element
  /** The answer buttons, safe one first. */
  actions: JSX.Element
  /** What the last answer's request got wrong, announced. */
  error?: string | undefined
  /** Escape, the browser's close request or the backdrop; the caller ignores it while a request runs. */
  onClose: () => void
  /** The button to focus on open: the safe answer, so that an accidental Enter destroys nothing. */
  initialFocus: () => HTMLElement | undefined
  returnFocus?: (() => HTMLElement | null | undefined) | undefined
  fallbackFocus?: (() => HTMLElement | null | undefined) | undefined
}

/** A narrow dialog that asks one question before an action that cannot be taken back from it. */
export function QuestionDialog(props: QuestionDialogProps) {
  const titleId = createUniqueId()
  const messageId = createUniqueId()
  return (
    <Dialog
      labelledBy={titleId}
      describedBy={messageId}
      onClose={() => props.onClose()}
      initialFocus={props.initialFocus}
      returnFocus={props.returnFocus}
      fallbackFocus={props.fallbackFocus}
      class="dialog-narrow"
    >
      <h2 id={titleId} class="dialog-title">
        {props.title}
      </h2>
      <div id={messageId} class="dialog-message">
        {props.children}
      </div>
      <FormAlert message={props.error} />
      <div class="dialog-actions">{props.actions}</div>
    </Dialog>
  )
}

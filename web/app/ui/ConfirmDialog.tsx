import { createSignal, type JSX } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { QuestionDialog } from './QuestionDialog'

export interface ConfirmDialogProps {
  title: string
  children: JSX.Element
  /** The confirming button's exact label, e.g. "Delete". */
  confirmLabel: string
  destructive?: boolean
  /** May reject; the dialog then stays open and shows the error's detail. */
  onConfirm: () => Promise<void>
  onCancel: () => void
  returnFocus?: () => HTMLElement | null | undefined
  fallbackFocus?: () => HTMLElement | null | undefined
}

/** Asks before an action that cannot be taken back from the dialog itself: Cancel, or confirm. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [pending, setPending] = createSignal(false)
  const [error, setError] = createSignal<string>()
  let cancelButton: HTMLButtonElement | undefined

  const confirm = async () => {
    if (pending()) return
    setPending(true)
    setError(undefined)
    try {
      await props.onConfirm()
    } catch (caught) {
      setError(errorDetail(caught))
      setPending(false)
    }
  }

  return (
    <QuestionDialog
      title={props.title}
      error={error()}
      onClose={() => {
        if (!pending()) props.onCancel()
      }}
      // The safe choice has focus, so that an accidental Enter does not destroy anything.
      initialFocus={() => cancelButton}
      returnFocus={props.returnFocus}
      fallbackFocus={props.fallbackFocus}
      actions={
        <>
          <button ref={cancelButton} type="button" class="button" onClick={() => props.onCancel()}>
            Cancel
          </button>
          <button
            type="button"
            class={props.destructive ? 'button button-danger' : 'button button-primary'}
            aria-disabled={pending()}
            onClick={() => void confirm()}
          >
            {props.confirmLabel}
          </button>
        </>
      }
    >
      {props.children}
    </QuestionDialog>
  )
}

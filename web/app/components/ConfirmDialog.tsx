import { createSignal, createUniqueId, Show, type JSX } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { Dialog } from './Dialog'

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

/** Asks before an action that cannot be taken back from the dialog itself. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = createUniqueId()
  const messageId = createUniqueId()
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
    <Dialog
      labelledBy={titleId}
      describedBy={messageId}
      onClose={() => {
        if (!pending()) props.onCancel()
      }}
      // The safe choice has focus, so that an accidental Enter does not destroy anything.
      initialFocus={() => cancelButton}
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
      <Show when={error()}>
        <p class="form-alert" role="alert">
          {error()}
        </p>
      </Show>
      <div class="dialog-actions">
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
      </div>
    </Dialog>
  )
}

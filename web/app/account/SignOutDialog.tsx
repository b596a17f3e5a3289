import { createSignal, Show } from 'solid-js'
import { clearLocalData } from '../../browser/api/clearLocalData'
import { errorDetail } from '../api/ApiRequestError'
import { QuestionDialog } from '../ui/QuestionDialog'
import { signOut, type AccountView } from './accountApi'

export interface SignOutDialogProps {
  serverUrl: string | null
  /** Local changes the server has not received yet: removing data loses them. */
  pending: number
  /** Signed out, data kept: the page shows the signed-out account. */
  onSignedOut: (account: AccountView) => void
  onCancel: () => void
  returnFocus?: () => HTMLElement | null | undefined
  fallbackFocus?: () => HTMLElement | null | undefined
}

/**
 * Asks whether this device keeps its data after signing out. Keeping is the default (focused, so Enter
 * never deletes anything). Removing signs out, then deletes everything stored in this browser and
 * reloads, as Settings' "Clear all data" does; what the server received stays there for other devices.
 */
export function SignOutDialog(props: SignOutDialogProps) {
  const [pending, setPending] = createSignal<'keep' | 'remove'>()
  const [error, setError] = createSignal<string>()
  let keepButton: HTMLButtonElement | undefined

  const finish = async (keep: boolean) => {
    if (pending()) return
    setPending(keep ? 'keep' : 'remove')
    setError(undefined)
    try {
      const account = await signOut(keep)
      if (keep) return props.onSignedOut(account)
      await clearLocalData()
      // The worker closed its database: a reload starts a fresh one on the empty store.
      window.location.reload()
    } catch (caught) {
      setError(errorDetail(caught))
      setPending(undefined)
    }
  }

  return (
    <QuestionDialog
      title="Sign out?"
      error={error()}
      onClose={() => {
        if (!pending()) props.onCancel()
      }}
      initialFocus={() => keepButton}
      returnFocus={props.returnFocus}
      fallbackFocus={props.fallbackFocus}
      actions={
        <>
          <button
            type="button"
            class="button"
            onClick={() => !pending() && props.onCancel()}
            aria-disabled={!!pending()}
          >
            Cancel
          </button>
          <button
            type="button"
            class="button button-danger"
            aria-disabled={!!pending()}
            onClick={() => void finish(false)}
          >
            Sign out and remove data
          </button>
          <button
            ref={keepButton}
            type="button"
            class="button button-primary"
            aria-disabled={!!pending()}
            onClick={() => void finish(true)}
          >
            Sign out and keep data
          </button>
        </>
      }
    >
      <p>Keep this device’s collections, documents and chats?</p>
      <p class="field-hint">
        This device stops syncing with {props.serverUrl ?? 'the sync server'}. What the server has received
        stays there for your other devices.
        <Show when={props.pending > 0}>
          {' '}
          {props.pending === 1 ? '1 change' : `${props.pending} changes`} not sent yet would be lost if you
          remove this device’s data.
        </Show>
      </p>
    </QuestionDialog>
  )
}

import { createSignal, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { downloadExport } from '../api/archiveApi'
import { QuestionDialog } from '../ui/QuestionDialog'
import { chooseLocalData, type AccountView, type LocalDataChoice, type LocalDataCounts } from './accountApi'
import { localDataLabel, localDataQuestion } from './localDataText'

export interface LocalDataDialogProps {
  counts: LocalDataCounts
  /** Answered: the page shows the account, syncing. */
  onChosen: (account: AccountView, choice: LocalDataChoice) => void
  /** Closed unanswered: sync keeps waiting, and the page offers the question again. */
  onClose: () => void
  returnFocus?: () => HTMLElement | null | undefined
  fallbackFocus?: () => HTMLElement | null | undefined
}

/**
 * Asked after signing in on a device that holds collections, documents or chats the account does not
 * have: merge them into the account (the default, focused), keep them on this device only, or discard
 * them, which asks again first (they are in no account, so nothing brings them back) and offers a copy.
 */
export function LocalDataDialog(props: LocalDataDialogProps) {
  const [step, setStep] = createSignal<'ask' | 'discard'>('ask')
  const [pending, setPending] = createSignal<LocalDataChoice | 'copy'>()
  const [error, setError] = createSignal<string>()
  let mergeButton: HTMLButtonElement | undefined
  let backButton: HTMLButtonElement | undefined

  const choose = async (choice: LocalDataChoice) => {
    if (pending()) return
    setPending(choice)
    setError(undefined)
    try {
      props.onChosen(await chooseLocalData(choice), choice)
    } catch (caught) {
      setError(errorDetail(caught))
    } finally {
      setPending(undefined)
    }
  }

  const downloadCopy = async () => {
    if (pending()) return
    setPending('copy')
    setError(undefined)
    try {
      await downloadExport({}, () => undefined)
    } catch (caught) {
      setError(errorDetail(caught))
    } finally {
      setPending(undefined)
    }
  }

  const close = () => {
    if (!pending()) props.onClose()
  }

  return (
    <Show
      when={step() === 'discard'}
      fallback={
        <QuestionDialog
          title="Add this device’s data to your account?"
          error={error()}
          onClose={close}
          initialFocus={() => mergeButton}
          returnFocus={props.returnFocus}
          fallbackFocus={props.fallbackFocus}
          actions={
            <>
              <button
                type="button"
                class="button button-danger"
                aria-disabled={!!pending()}
                onClick={() => !pending() && setStep('discard')}
              >
                Discard…
              </button>
              <button
                type="button"
                class="button"
                aria-disabled={!!pending()}
                onClick={() => void choose('keep')}
              >
                {pending() === 'keep' ? 'Keeping…' : 'Keep on this device only'}
              </button>
              <button
                ref={mergeButton}
                type="button"
                class="button button-primary"
                aria-disabled={!!pending()}
                onClick={() => void choose('merge')}
              >
                {pending() === 'merge' ? 'Merging…' : 'Merge into my account'}
              </button>
            </>
          }
        >
          <p data-testid="local-data-counts">{localDataQuestion(props.counts)}</p>
          <ul class="local-data-choices">
            <li>
              <strong>Merge into my account</strong>: they sync to your account and your other devices.
            </li>
            <li>
              <strong>Keep on this device only</strong>: they stay here and never sync, nor what you add to
              them later. Your account’s data comes here beside them.
            </li>
            <li>
              <strong>Discard</strong>: they are deleted from this device.
            </li>
          </ul>
          <p class="field-hint">Syncing starts once you choose.</p>
        </QuestionDialog>
      }
    >
      <QuestionDialog
        title="Discard this device’s data?"
        error={error()}
        onClose={() => !pending() && setStep('ask')}
        initialFocus={() => backButton}
        returnFocus={props.returnFocus}
        fallbackFocus={props.fallbackFocus}
        actions={
          <>
            <button
              ref={backButton}
              type="button"
              class="button"
              aria-disabled={!!pending()}
              onClick={() => !pending() && setStep('ask')}
            >
              Back
            </button>
            <button
              type="button"
              class="button"
              aria-disabled={!!pending()}
              onClick={() => void downloadCopy()}
            >
              {pending() === 'copy' ? 'Downloading…' : 'Download a copy first'}
            </button>
            <button
              type="button"
              class="button button-danger"
              aria-disabled={!!pending()}
              onClick={() => void choose('discard')}
            >
              {pending() === 'discard' ? 'Discarding…' : 'Discard'}
            </button>
          </>
        }
      >
        <p>
          {localDataLabel(props.counts)} will be deleted from this device. They are in no account, so this
          cannot be undone.
        </p>
        <p class="field-hint">
          “Download a copy first” saves them as an archive you can import later (Settings, Your data).
        </p>
      </QuestionDialog>
    </Show>
  )
}

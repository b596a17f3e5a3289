import { createSignal, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { QuestionDialog } from '../ui/QuestionDialog'
import { sendKeptData, type AccountView, type LocalDataCounts } from './accountApi'
import { keptDataText, sendKeptQuestion } from './localDataText'

/**
 * The way back from "Keep on this device only": what was kept, counted as the sign-in's question
 * counted it, and "Send to my account…", which asks first with the same counts. Sending is the
 * question's merge (`sendKeptData`): the data syncs from then on, with what was added to it since.
 */
export function KeptDataSection(props: { counts: LocalDataCounts; onSent: (account: AccountView) => void }) {
  const [asking, setAsking] = createSignal(false)
  const [sending, setSending] = createSignal(false)
  const [error, setError] = createSignal<string>()
  let openButton: HTMLButtonElement | undefined
  let sendButton: HTMLButtonElement | undefined

  const send = async () => {
    if (sending()) return
    setSending(true)
    setError(undefined)
    try {
      const account = await sendKeptData()
      setAsking(false)
      props.onSent(account)
    } catch (caught) {
      setError(errorDetail(caught))
    } finally {
      setSending(false)
    }
  }

  return (
    <section class="settings-section" aria-labelledby="account-kept-data-title">
      <h2 id="account-kept-data-title" class="settings-section-title">
        Local data on this device
      </h2>
      <p data-testid="kept-data-counts">{keptDataText(props.counts)}</p>
      <div class="form-actions">
        <button
          ref={openButton}
          type="button"
          class="button"
          onClick={() => {
            setError(undefined)
            setAsking(true)
          }}
        >
          Send to my account…
        </button>
      </div>
      <Show when={asking()}>
        <QuestionDialog
          title="Send this device’s data to your account?"
          error={error()}
          onClose={() => !sending() && setAsking(false)}
          // The person asked for it with the button that opened this: sending is the focused answer.
          initialFocus={() => sendButton}
          returnFocus={() => (openButton?.isConnected ? openButton : undefined)}
          // Sent, the section is gone: focus goes to the sync server's heading above.
          fallbackFocus={() => {
            const heading = document.getElementById('account-server-title')
            heading?.setAttribute('tabindex', '-1')
            return heading
          }}
          actions={
            <>
              <button
                type="button"
                class="button"
                aria-disabled={sending()}
                onClick={() => !sending() && setAsking(false)}
              >
                Cancel
              </button>
              <button
                ref={sendButton}
                type="button"
                class="button button-primary"
                aria-disabled={sending()}
                onClick={() => void send()}
              >
                {sending() ? 'Sending…' : 'Send to my account'}
              </button>
            </>
          }
        >
          <p data-testid="send-kept-counts">{sendKeptQuestion(props.counts)}</p>
          <p class="field-hint">Nothing is deleted from this device.</p>
        </QuestionDialog>
      </Show>
    </section>
  )
}

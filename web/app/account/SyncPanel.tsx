import { createMemo, createSignal, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { showToast } from '../toasts/toastStore'
import { syncNow } from './syncApi'
import './syncIndicator.css'
import { showSyncStatus, useSyncStatus } from './syncStatusStore'
import { describeSyncState, formatExactTime, formatRelativeTime, pendingText } from './syncStatusText'

/**
 * The Account page's view of background sync while signed in: the state in words, when it last
 * succeeded, what waits to be sent, and "Sync now". Only the state sentence is a live region: the
 * relative time and counts change too often to be read out every time.
 */
export function SyncPanel() {
  const { status, problem, now } = useSyncStatus()
  const [requesting, setRequesting] = createSignal(false)
  const busy = () => requesting() || status()?.state === 'syncing'
  // A memo passes on only real changes, so an unchanged sentence is never written (or announced) again.
  const sentence = createMemo(() => {
    const current = status()
    return current ? describeSyncState(current) : (problem() ?? 'Checking sync…')
  })
  const showsRetry = () => {
    const current = status()
    return (current?.state === 'error' || current?.state === 'offline') && current.next_attempt_at !== null
  }

  const run = async () => {
    if (busy()) return
    setRequesting(true)
    try {
      // A failed round still answers 200: the status names the error, shown above.
      showSyncStatus(await syncNow())
    } catch (error) {
      showToast({ message: errorDetail(error) })
    } finally {
      setRequesting(false)
    }
  }

  return (
    <section class="settings-section" aria-labelledby="account-sync-title">
      <h2 id="account-sync-title" class="settings-section-title">
        Sync
      </h2>
      <p class="sync-state" role="status" data-state={status()?.state ?? 'unknown'}>
        <span class="sync-dot" aria-hidden="true" />
        <span>{sentence()}</span>
      </p>
      <Show when={status()}>
        {(current) => (
          <dl class="account-profile">
            <dt>Last synced</dt>
            <dd>
              <Show when={current().last_synced_at} fallback="Never">
                {(at) => (
                  <time datetime={at()} title={formatExactTime(at())}>
                    {formatRelativeTime(at(), now())}
                  </time>
                )}
              </Show>
            </dd>
            <dt>Changes</dt>
            <dd>{pendingText(current().pending)}</dd>
            <Show when={showsRetry() && current().next_attempt_at}>
              {(at) => (
                <>
                  <dt>Next attempt</dt>
                  <dd>
                    <time datetime={at()} title={formatExactTime(at())}>
                      {new Date(at()).toLocaleTimeString()}
                    </time>
                  </dd>
                </>
              )}
            </Show>
          </dl>
        )}
      </Show>
      <div class="form-actions">
        <button type="button" class="button" aria-disabled={busy()} onClick={() => void run()}>
          Sync now
        </button>
      </div>
    </section>
  )
}

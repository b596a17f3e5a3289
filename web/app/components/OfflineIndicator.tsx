import { createSignal, onCleanup, onMount, Show } from 'solid-js'
import { useSyncStatus } from '../account/syncStatusStore'
import './offlineIndicator.css'

/**
 * Tells the person the network is gone and that this is fine: the app and its data live in the browser.
 * The status element is always present (empty while online) so that the change is announced. While the
 * app bar's sync indicator already says "Offline" (signed in, with the changes waiting), this one stays
 * empty: one badge says it, not two (issue 30).
 */
export function OfflineIndicator() {
  const [online, setOnline] = createSignal(navigator.onLine)
  const update = () => setOnline(navigator.onLine)
  const sync = useSyncStatus()
  const syncSaysOffline = () => sync.status()?.state === 'offline'

  onMount(() => {
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
  })
  onCleanup(() => {
    window.removeEventListener('online', update)
    window.removeEventListener('offline', update)
  })

  return (
    <p class="offline-indicator" role="status">
      <Show when={!online() && !syncSaysOffline()}>
        <span class="offline-dot" aria-hidden="true" />
        Offline – everything still works
      </Show>
    </p>
  )
}

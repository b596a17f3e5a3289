import { createSignal, onCleanup, onMount, Show } from 'solid-js'

/**
 * Tells the person the network is gone and that this is fine: the app and its data live in the browser.
 * The status element is always present (empty while online) so that the change is announced.
 */
export function OfflineIndicator() {
  const [online, setOnline] = createSignal(navigator.onLine)
  const update = () => setOnline(navigator.onLine)

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
      <Show when={!online()}>
        <span class="offline-dot" aria-hidden="true" />
        Offline – everything still works
      </Show>
    </p>
  )
}

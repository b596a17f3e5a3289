import { createSignal, Show } from 'solid-js'
import { applyUpdate, updateAvailable } from '../../browser/pwa/serviceWorkerUpdates'
import './toast.css'

/**
 * Offers the waiting service worker. Never reloads on its own: the person may be halfway through a form.
 * Lives inside the ToastRegion's live region, so its arrival is announced politely.
 */
export function UpdatePrompt() {
  const [dismissed, setDismissed] = createSignal(false)
  const [reloading, setReloading] = createSignal(false)

  return (
    <Show when={updateAvailable() && !dismissed()}>
      <div class="toast toast-update">
        <p class="toast-message">A new version of Quire is available</p>
        <button
          type="button"
          class="button button-small button-primary"
          aria-disabled={reloading()}
          onClick={() => {
            if (reloading()) return
            setReloading(true)
            applyUpdate()
          }}
        >
          Reload
        </button>
        <button type="button" class="button button-small button-quiet" onClick={() => setDismissed(true)}>
          Later
        </button>
      </div>
    </Show>
  )
}

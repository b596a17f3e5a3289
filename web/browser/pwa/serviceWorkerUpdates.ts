import { createSignal } from 'solid-js'
import { Workbox } from 'workbox-window'

const [updateAvailable, setUpdateAvailable] = createSignal(false)
let workbox: Workbox | undefined

/** True once a new version of the app is installed and waiting; the UI offers a reload. */
export { updateAvailable }

/**
 * Registers the service worker through workbox-window so that a new version waits (it is not
 * forced on a page in use) and is announced through `updateAvailable`.
 */
export async function registerServiceWorker(url: string): Promise<void> {
  if (workbox) return
  workbox = new Workbox(url, { scope: '/' })
  workbox.addEventListener('waiting', () => setUpdateAvailable(true))
  await workbox.register()
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return
  workbox.addEventListener('controlling', () => window.location.reload())
  workbox.messageSkipWaiting()
}

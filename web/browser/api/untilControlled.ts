import { CLAIM_CLIENTS } from '../sw/apiReadyMessage'

/** How long to wait for control, once a worker is active, before letting msw do it its way (a reload). */
const CONTROL_TIMEOUT_MS = 10_000

/**
 * Resolves with the registration once the service worker controls this page. On a first visit the
 * worker claims the page when it activates, which is once its precache is complete: however long that
 * takes (the app is on screen meanwhile), only then does the wait for control begin. After a hard reload
 * (which loads the page past the worker) the active worker is asked to claim it. Either way the page is
 * not reloaded, unless control never comes.
 */
export async function untilControlled(): Promise<ServiceWorkerRegistration> {
  const container = navigator.serviceWorker
  if (!container.controller) {
    const controlled = new Promise<void>((resolve) =>
      container.addEventListener('controllerchange', () => resolve(), { once: true }),
    )
    const registration = await container.ready
    if (!container.controller) {
      registration.active?.postMessage({ type: CLAIM_CLIENTS })
      await Promise.race([controlled, new Promise((resolve) => setTimeout(resolve, CONTROL_TIMEOUT_MS))])
    }
  }
  return container.ready
}

/// <reference lib="webworker" />
import { CLAIM_CLIENTS } from './apiReadyMessage'

declare const self: ServiceWorkerGlobalScope

/**
 * msw's worker script is written for development: it calls `skipWaiting()` on install and
 * `registration.unregister()` when its last tab closes (even on a reload). A PWA must do neither:
 * a new version has to wait until the user accepts the update prompt, and the worker has to survive
 * the reload that makes the app work offline. This module is imported before msw's script and
 * shadows both calls; the real `skipWaiting` runs only when the page sends SKIP_WAITING
 * (workbox-window's `messageSkipWaiting()`).
 */
const skipWaiting = self.skipWaiting.bind(self)
Object.defineProperty(self, 'skipWaiting', { value: () => Promise.resolve(), configurable: true })
Object.defineProperty(self.registration, 'unregister', {
  value: () => Promise.resolve(false),
  configurable: true,
})

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type
  if (type === 'SKIP_WAITING') void skipWaiting()
  // A page loaded past the worker (a hard reload) asks to be controlled, so that its API can start
  // without the reload msw would do (msw's own activate handler claims only once, at activation).
  if (type === CLAIM_CLIENTS) event.waitUntil(self.clients.claim())
})

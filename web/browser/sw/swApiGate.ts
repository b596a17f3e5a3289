/// <reference lib="webworker" />
import { isApiPath } from '../../core/api/isApiPath'
import { API_READY } from './apiReadyMessage'

declare const self: ServiceWorkerGlobalScope

/** msw's mark on a request that goes past the in-browser API to the network (`bypass()`). */
const BYPASS = 'msw/passthrough'
/** How long a request waits for its page's in-browser API before it gets a 503. */
const START_TIMEOUT_MS = 30_000

/** Pages seen loading (by their navigation) whose in-browser API has not said it is ready yet. */
const starting = new Set<string>()
const waiters = new Map<string, Array<(ready: boolean) => void>>()

/**
 * Routing decisions made before Workbox and msw see a request:
 * - Requests to other origins, and requests marked with msw's `bypass` (for the sync server), go
 *   straight to the network: msw's handlers are same-origin paths, so the detour through the page
 *   msw makes for every request would only cost time (and copy upload bodies twice).
 * - An /api request from a page whose in-browser API is still starting waits for it: msw would pass
 *   it to the network, where on the sync server's origin the server (another host, with other data)
 *   would answer it. Once the page says it is ready, the request is sent again through a same-URL
 *   307 redirect, which the browser follows back through this worker, to msw this time. The worker
 *   learns of starting pages from their navigation requests; pages it did not see load (the first
 *   visit, before the worker controlled anything) are covered by `holdEarlyApiRequests` in the page.
 */
self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.mode === 'navigate') {
    if (event.resultingClientId) starting.add(event.resultingClientId)
    event.waitUntil(forgetClosedPages(event.resultingClientId))
    return
  }
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || request.headers.get('accept')?.includes(BYPASS)) {
    event.stopImmediatePropagation()
    return
  }
  if (!isApiPath(url.pathname) || !starting.has(event.clientId)) return
  event.stopImmediatePropagation()
  event.respondWith(
    untilReady(event.clientId).then((ready) => (ready ? Response.redirect(request.url, 307) : notStarted())),
  )
})

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== API_READY) return
  const source = event.source as Client | null
  if (source?.id) settle(source.id, true)
})

function untilReady(clientId: string): Promise<boolean> {
  return new Promise((resolve) => {
    const list = waiters.get(clientId) ?? []
    list.push(resolve)
    waiters.set(clientId, list)
    setTimeout(() => resolve(false), START_TIMEOUT_MS)
  })
}

function settle(clientId: string, ready: boolean): void {
  starting.delete(clientId)
  for (const resolve of waiters.get(clientId) ?? []) resolve(ready)
  waiters.delete(clientId)
}

/** A closed page that never started its API would otherwise stay listed (and its waiters waiting). */
async function forgetClosedPages(loading: string): Promise<void> {
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true })).map((c) => c.id))
  for (const id of starting) if (id !== loading && !open.has(id) && !waiters.has(id)) starting.delete(id)
}

function notStarted(): Response {
  return Response.json(
    { detail: "Quire's in-browser API did not start in time: reload the page to try again." },
    { status: 503, headers: { 'X-Quire-Host': 'browser', 'Retry-After': '5' } },
  )
}

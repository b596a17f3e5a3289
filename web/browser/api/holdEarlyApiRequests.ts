import { isApiPath } from '../../core/api/isApiPath'

/** msw's mark on a request meant for the network (`bypass()`), which must not wait. */
const BYPASS = 'msw/passthrough'

/**
 * Makes this page's `fetch('/api/...')` wait until the in-browser API has started, instead of going
 * to the network in the meantime (on the sync server's origin the server, another host with other
 * data, would answer). The service worker holds such requests itself for pages it saw load
 * (`sw/swApiGate.ts`); this covers the rest: a first visit, before the worker controls the page.
 * Once started, requests go straight through; if starting failed they go through as they would have.
 */
export function holdEarlyApiRequests(started: Promise<unknown>): void {
  const original = window.fetch.bind(window)
  let settled = false
  const done = () => {
    settled = true
  }
  started.then(done, done)
  window.fetch = (input, init) => {
    if (settled || !isLocalApiRequest(input, init)) return original(input, init)
    const go = () => original(input, init)
    return started.then(go, go)
  }
}

function isLocalApiRequest(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const request = input instanceof Request ? input : undefined
  const url = new URL(request ? request.url : String(input), location.href)
  if (url.origin !== location.origin || !isApiPath(url.pathname)) return false
  const headers = new Headers(init?.headers ?? request?.headers)
  return !headers.get('accept')?.includes(BYPASS)
}

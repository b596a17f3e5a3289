import { isApiPath } from '../../core/api/isApiPath'

/** msw's mark on a request meant for the network (`bypass()`), which must not wait. */
const BYPASS = 'msw/passthrough'

/**
 * Makes this page's `fetch('/api/...')` wait until the in-browser API can answer it, instead of going to
 * the network in the meantime (on the sync server's origin the server, another host with other data,
 * would answer). A request made before the page's direct path is in place (`pageReady`: once the API
 * worker has answered its route table) is sent again through `window.fetch` once it is;
 * what the direct path does not take comes back here and waits until the service worker routes it
 * (`routed`). The service worker holds such requests itself for pages it saw load (`sw/swApiGate.ts`);
 * this covers the rest: a first visit, before the worker controls the page. Once routed, requests go
 * straight through; if a start failed they go through as they would have.
 */
export function holdEarlyApiRequests(pageReady: Promise<unknown>, routed: Promise<unknown>): void {
  const original = window.fetch.bind(window)
  let pageSettled = false
  let routedSettled = false
  void pageReady.then(
    () => (pageSettled = true),
    () => (pageSettled = true),
  )
  void routed.then(
    () => (routedSettled = true),
    () => (routedSettled = true),
  )
  window.fetch = (input, init) => {
    if (routedSettled || !isLocalApiRequest(input, init)) return original(input, init)
    if (!pageSettled) {
      const again = () => window.fetch(input, init)
      return pageReady.then(again, again)
    }
    const go = () => original(input, init)
    return routed.then(go, go)
  }
}

function isLocalApiRequest(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const request = input instanceof Request ? input : undefined
  const url = new URL(request ? request.url : String(input), location.href)
  if (url.origin !== location.origin || !isApiPath(url.pathname)) return false
  const headers = new Headers(init?.headers ?? request?.headers)
  return !headers.get('accept')?.includes(BYPASS)
}

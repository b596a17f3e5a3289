import type { ForwardedRequest, OutboundAnswer } from './ApiWorkerApi'

/** Request headers the browser sets itself, or that must not travel to another origin. */
const NOT_SENT = new Set(['host', 'cookie', 'origin', 'referer', 'connection', 'content-length'])
/** Statuses whose answers have no body (a Response refuses a body for them). */
const NULL_BODY = new Set([101, 204, 205, 304])

/**
 * A request the page makes to another origin, made here in the API worker instead (`outboundFetch`):
 * the page's Content-Security-Policy lets it talk to its own origin only (appContentSecurityPolicy).
 * What leaves is what the page's own `fetch` would send in `cors` mode without credentials: no cookies,
 * no Referer, http(s) only; a same-origin URL is refused (the page sends those itself, past nothing).
 */
export async function fetchOutbound(request: ForwardedRequest): Promise<OutboundAnswer> {
  const url = new URL(request.url)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`Only http and https addresses can be fetched, not ${url.protocol}`)
  }
  if (url.origin === self.location.origin) throw new TypeError('A request to this origin is the page’s own')
  const headers = new Headers(
    request.headers.filter(([name]) => !NOT_SENT.has(name.toLowerCase()) && !/^(sec-|proxy-)/i.test(name)),
  )
  const response = await fetch(url, {
    method: request.method,
    headers,
    body: request.body,
    mode: 'cors',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  })
  const answer: OutboundAnswer = { status: response.status, headers: [...response.headers.entries()] }
  if (NULL_BODY.has(response.status) || !response.body) {
    await response.body?.cancel().catch(() => undefined)
    return answer
  }
  return { ...answer, stream: response.body }
}

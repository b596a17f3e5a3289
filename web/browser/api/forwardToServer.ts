import type { SyncAccount } from '../../core/account/SyncAccount'
import { ApiError } from '../../core/kernel/ApiError'
import type { ApiResult } from '../../core/kernel/ApiResult'
import { toErrorResult } from '../../core/api/toErrorResult'
import type { ForwardedRequest } from './ApiWorkerApi'
import { serverFetch } from './serverFetch'

/** Answer headers worth passing on (others describe the transport, or the page cannot read them). */
const PASSED_BACK = [
  'content-type',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'location',
  'retry-after',
  'www-authenticate',
]
/** Request headers the host sets itself, or that must not travel to another origin. */
const NOT_FORWARDED = new Set(['host', 'cookie', 'origin', 'referer', 'connection', 'content-length'])
/** Statuses whose answers have no body (a Response refuses a body for them). */
const NULL_BODY = new Set([101, 204, 205, 304])

/**
 * A request for one of the sync server's own routes (`serverOnlyRoutes`), made by a page or plugin,
 * sent to the server: the signed-in account's server with its token (refreshed as needed), else the
 * page's own origin, which is the server when the server served the app. Answers the server's own
 * answer, streamed; 503 with a `detail` when no sync server answers (offline, or the app came from a
 * plain static host), since the route does exist, only not here.
 */
export async function forwardToServer(request: ForwardedRequest, account: SyncAccount): Promise<ApiResult> {
  const path = new URL(request.url, self.location.origin).pathname
  const headers = new Headers(
    request.headers.filter(([name]) => !NOT_FORWARDED.has(name.toLowerCase()) && !/^sec-/i.test(name)),
  )
  const init: RequestInit = { method: request.method, headers, body: request.body }
  const state = await account.state()
  let response: Response
  try {
    if (state.signed_in && state.server_url && !headers.has('authorization')) {
      response = await account.authorizedFetch(request.url, init)
    } else {
      const base = state.signed_in && state.server_url ? state.server_url : self.location.origin
      const sameOrigin = base === self.location.origin
      // Cookies only to the page's own origin (a server that signed this browser in with cookies).
      response = await serverFetch(`${base}${request.url}`, {
        ...init,
        credentials: sameOrigin ? 'same-origin' : 'omit',
      })
    }
  } catch (error) {
    // A session the server ended is the person's to fix by signing in again, not a missing server.
    if (error instanceof ApiError && error.status === 401) return toErrorResult(error)
    return needsServer(request.method, path, 'could not be reached (is this device offline?)')
  }
  if (response.headers.get('x-quire-host') !== 'server') {
    await response.body?.cancel().catch(() => undefined)
    return needsServer(
      request.method,
      path,
      state.signed_in
        ? `at ${state.server_url ?? ''} did not answer as one`
        : 'did not answer: this app was not served by one, and no one is signed in to one (see Account)',
    )
  }
  // Spelled as the page's own answers spell it, so that this one replaces the browser's mark.
  const passed: Record<string, string> = { 'X-Quire-Host': 'server' }
  for (const name of PASSED_BACK) {
    const value = response.headers.get(name)
    if (value !== null) passed[name] = value
  }
  if (NULL_BODY.has(response.status) || !response.body) {
    await response.body?.cancel().catch(() => undefined)
    return { status: response.status, headers: passed }
  }
  return { status: response.status, headers: passed, stream: response.body }
}

function needsServer(method: string, path: string, why: string): ApiResult {
  return toErrorResult(
    new ApiError(
      503,
      `${method.toUpperCase()} ${path} is answered only by the Quire sync server, which ${why}. Everything else works in the browser, offline too.`,
    ),
  )
}

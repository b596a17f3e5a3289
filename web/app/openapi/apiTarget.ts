import { createSignal } from 'solid-js'
import { bypass } from 'msw'

export type ApiTarget = 'browser' | 'server'

const [apiTarget, setApiTarget] = createSignal<ApiTarget>('browser')
const [serverToken, setServerToken] = createSignal('')

/** Which host the API explorer talks to: the browser's own API, or the server that served the page. */
export { apiTarget, setApiTarget }
/**
 * A token for the server (a personal access token from `POST /api/v1/auth/tokens`, or an access
 * token), sent as `Authorization: Bearer`; empty: the server's sign-in cookies, if any, go instead.
 * Kept in memory only, never stored.
 */
export { serverToken, setServerToken }

/**
 * The explorer's fetch. Same-origin requests are answered by the in-browser API; msw's `bypass`
 * marks a request to go past it to the network, i.e. to the sync server at this origin.
 */
export function explorerFetch(url: string, init: RequestInit): Promise<Response> {
  if (apiTarget() === 'browser') return fetch(url, init)
  const request = new Request(new URL(url, location.origin), init)
  const token = serverToken().trim()
  if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`)
  return fetch(bypass(request))
}

import { createSignal } from 'solid-js'
import { outboundFetch } from '../../browser/api/outboundFetch'
import { sendToSyncServer } from '../../browser/api/sendToSyncServer'

export type ApiTarget = 'browser' | 'server'

const [apiTarget, setApiTarget] = createSignal<ApiTarget>('browser')
const [serverToken, setServerToken] = createSignal('')
const [serverAddress, setServerAddress] = createSignal<string | undefined>()

/** Which host the API explorer talks to: the browser's own API, or the sync server. */
export { apiTarget, setApiTarget }
/**
 * A token for the server (a personal access token from `POST /api/v1/auth/tokens`, or an access
 * token), sent as `Authorization: Bearer`; empty: the signed-in account's own session, or else the
 * server's sign-in cookies. Kept in memory only, never stored.
 */
export { serverToken, setServerToken }
/** The sync server the explorer's "server" target means: the signed-in account's, else this origin. */
export { serverAddress, setServerAddress }

/**
 * The explorer's fetch. Same-origin requests are answered by the in-browser API. To the server they go
 * past it: with a typed token straight to the network (`outboundFetch`: by the API worker when the
 * server is on another origin, which the page's policy does not let it reach); without one through the API
 * worker, which adds the signed-in account's token (or, signed out, sends this origin's cookies).
 */
export function explorerFetch(url: string, init: RequestInit): Promise<Response> {
  if (apiTarget() === 'browser') return fetch(url, init)
  const token = serverToken().trim()
  if (!token) return sendToSyncServer(new Request(new URL(url, location.origin), init))
  const request = new Request(new URL(url, serverAddress() ?? location.origin), init)
  if (!request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`)
  return outboundFetch(request)
}

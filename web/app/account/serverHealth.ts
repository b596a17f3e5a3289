import { outboundFetch } from '../../browser/api/outboundFetch'
import { normaliseServerUrl } from '../../core/account/normaliseServerUrl'
import { ownOriginIsServer } from '../../browser/api/ownOriginIsServer'

/** How long a look at a server's health waits before it is taken as no answer. */
const PATIENCE_MS = 5_000

/**
 * The body of the public `GET /health` of the sync server at `serverUrl`, or null when there is none to
 * read (no valid address, the server unreachable, an answer that is not JSON: a static host's page).
 * `fetchImpl` is `outboundFetch`: on the server's own origin the request goes past the in-browser API
 * (whose `/health` knows nothing of accounts) to the server; to another origin the API worker makes it
 * (the page's policy lets it connect to its own origin only). A 503 (a part of the server failing) still
 * carries the server's fields. The page's own origin is asked only when it is a sync server
 * (`ownOriginIsServer`): a static host's 404 would show in the console.
 */
export async function serverHealth(
  serverUrl: string,
  fetchImpl: typeof fetch = outboundFetch,
  isServer: () => Promise<boolean> = ownOriginIsServer,
): Promise<Record<string, unknown> | null> {
  let base: string
  try {
    base = normaliseServerUrl(serverUrl)
  } catch {
    return null
  }
  const own = typeof location !== 'undefined' && new URL(base).origin === location.origin
  if (own && !(await isServer())) return null
  try {
    const response = await fetchImpl(`${base}/health`, {
      credentials: 'omit',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PATIENCE_MS),
    })
    const body = (await response.json()) as unknown
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

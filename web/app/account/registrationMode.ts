import { outboundFetch } from '../../browser/api/outboundFetch'
import { normaliseServerUrl } from '../../core/account/normaliseServerUrl'

/** Who may create an account on a sync server (its REGISTRATION setting). */
export type RegistrationMode = 'open' | 'closed' | 'invite'

/** How long the sign-up form waits for the server's answer before it shows the form as for `open`. */
const PATIENCE_MS = 5_000

/**
 * What the sync server at `serverUrl` says of who may register: its public `GET /health` carries
 * `registration`. Null when that cannot be told (no valid address yet, the server unreachable, an older
 * server without the field): the form then asks for no invite, and the server's 403 says if one is needed.
 * `fetchImpl` is `outboundFetch`: on the server's own origin the request goes past the in-browser API
 * (whose `/health` knows nothing of accounts) to the server; to another origin the API worker makes it
 * (the page's policy lets it connect to its own origin only).
 */
export async function registrationMode(
  serverUrl: string,
  fetchImpl: typeof fetch = outboundFetch,
): Promise<RegistrationMode | null> {
  let base: string
  try {
    base = normaliseServerUrl(serverUrl)
  } catch {
    return null
  }
  try {
    const response = await fetchImpl(`${base}/health`, {
      credentials: 'omit',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PATIENCE_MS),
    })
    // 503 (a part of the server failing) still carries the field.
    return readRegistrationMode(await response.json())
  } catch {
    return null
  }
}

/** The `registration` of a health body, if it is one of the modes; anything else is not trusted. */
export function readRegistrationMode(body: unknown): RegistrationMode | null {
  if (typeof body !== 'object' || body === null) return null
  const mode = (body as { registration?: unknown }).registration
  return mode === 'open' || mode === 'closed' || mode === 'invite' ? mode : null
}

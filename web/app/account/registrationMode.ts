import { outboundFetch } from '../../browser/api/outboundFetch'
import { serverHealth } from './serverHealth'

/** Who may create an account on a sync server (its REGISTRATION setting). */
export type RegistrationMode = 'open' | 'closed' | 'invite'

/**
 * What the sync server at `serverUrl` says of who may register: its public `GET /health` carries
 * `registration`. Null when that cannot be told (no valid address yet, the server unreachable, an older
 * server without the field): the form then asks for no invite, and the server's 403 says if one is needed.
 * The sign-up form waits for it at most `serverHealth`'s patience, then shows the form as for `open`.
 */
export async function registrationMode(
  serverUrl: string,
  fetchImpl: typeof fetch = outboundFetch,
): Promise<RegistrationMode | null> {
  return readRegistrationMode(await serverHealth(serverUrl, fetchImpl))
}

/** The `registration` of a health body, if it is one of the modes; anything else is not trusted. */
export function readRegistrationMode(body: unknown): RegistrationMode | null {
  if (typeof body !== 'object' || body === null) return null
  const mode = (body as { registration?: unknown }).registration
  return mode === 'open' || mode === 'closed' || mode === 'invite' ? mode : null
}

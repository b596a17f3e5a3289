import { createHash, timingSafeEqual } from 'node:crypto'
import { ApiError } from '../../../web/core/kernel/ApiError'

/**
 * Who may create an account (REGISTRATION): anyone (`open`, the default), nobody (`closed`: the
 * operator's people are already in), or whoever holds one of the invite tokens the operator hands out
 * (`invite`, REGISTRATION_INVITE_TOKENS). A token stays valid until the operator removes it.
 */
export type Registration =
  { mode: 'open' } | { mode: 'closed' } | { mode: 'invite'; tokens: readonly string[] }

/** Shorter tokens could be guessed within the registration rate limit's patience. */
const MIN_TOKEN_LENGTH = 16

/** REGISTRATION and REGISTRATION_INVITE_TOKENS (comma-separated); a setting that makes no sense stops the start. */
export function registrationFromEnv(env: NodeJS.ProcessEnv): Registration {
  const tokens = (env.REGISTRATION_INVITE_TOKENS ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean)
  const mode = (env.REGISTRATION || (tokens.length > 0 ? 'invite' : 'open')).trim().toLowerCase()
  if (mode === 'open' || mode === 'closed') {
    if (tokens.length > 0)
      throw new Error(
        `REGISTRATION_INVITE_TOKENS is set but REGISTRATION is ${mode}: set REGISTRATION=invite to use them, or unset them`,
      )
    return { mode }
  }
  if (mode !== 'invite')
    throw new Error(`REGISTRATION must be open, closed or invite, got ${JSON.stringify(env.REGISTRATION)}`)
  if (tokens.length === 0)
    throw new Error(
      'REGISTRATION=invite needs REGISTRATION_INVITE_TOKENS: the invite tokens (comma-separated)',
    )
  const short = tokens.find((token) => token.length < MIN_TOKEN_LENGTH)
  if (short !== undefined)
    throw new Error(
      `REGISTRATION_INVITE_TOKENS must each be at least ${MIN_TOKEN_LENGTH} characters (for example \`openssl rand -hex 16\`); one has ${short.length}`,
    )
  return { mode: 'invite', tokens }
}

/** A few words for the ready line. */
export function describeRegistration(registration: Registration): string {
  return registration.mode === 'invite' ? 'registration by invite only' : `registration ${registration.mode}`
}

/** Refuses a registration the operator's setting does not admit (403, saying what would). */
export function admitRegistration(registration: Registration, inviteToken: string | undefined): void {
  if (registration.mode === 'open') return
  if (registration.mode === 'closed')
    throw new ApiError(403, 'Registration is closed on this server: ask its operator for an account')
  if (inviteToken === undefined || inviteToken === '')
    throw new ApiError(
      403,
      'Registration on this server needs an invite: send the invite token its operator gave you as invite_token',
    )
  if (!registration.tokens.some((token) => sameSecret(token, inviteToken)))
    throw new ApiError(403, 'This invite token is not valid on this server: check it with the operator')
}

/** Compares through fixed-length digests, so the time taken says nothing about how much matched. */
function sameSecret(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(expected), digest(given))
}

import { createHash, randomBytes } from 'node:crypto'

export const PERSONAL_TOKEN_PREFIX = 'qpat_'
/** `qpat_` and the first 7 characters of the secret: enough to tell tokens apart in a list. */
const DISPLAY_PREFIX_LENGTH = 12
// 32 random bytes in base64url are exactly 43 characters (no padding).
const PERSONAL_TOKEN_PATTERN = /^qpat_[A-Za-z0-9_-]{43}$/

export interface GeneratedPersonalToken {
  token: string
  hash: string
  prefix: string
}

/** A new personal access token: `qpat_` + 32 random bytes in base64url, with its hash and display prefix. */
export function generatePersonalToken(): GeneratedPersonalToken {
  const token = PERSONAL_TOKEN_PREFIX + randomBytes(32).toString('base64url')
  return { token, hash: hashPersonalToken(token), prefix: token.slice(0, DISPLAY_PREFIX_LENGTH) }
}

/**
 * SHA-256 hex of the token: what is stored and looked up. A fast hash is enough (no salt, no Argon2)
 * because the token is 256 random bits, not a password a person chose; it also makes lookup one
 * indexed equality, so no per-token comparison can leak timing.
 */
export function hashPersonalToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** Whether the string has the shape of a personal access token (checked before any query). */
export function isPersonalTokenShape(token: string): boolean {
  return PERSONAL_TOKEN_PATTERN.test(token)
}

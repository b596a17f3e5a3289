import { ApiError } from '../../../web/core/kernel/ApiError'

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 256
export const USERNAME_MIN = 3
export const USERNAME_MAX = 50
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/
// Deliberately loose: one @ with something on both sides. Deliverability is what verification is for.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/
const EMAIL_MAX = 254
export const TOKEN_NAME_MAX = 100

/**
 * The rules the account service enforces itself, whatever the routes validated before: a caller that
 * skips route validation (a script, a test, a later route) still cannot store a weak password or a
 * username that breaks URLs. Each failure is the platform API's 422 naming the body field.
 */
function invalid(field: string, msg: string): ApiError {
  return ApiError.unprocessable([{ loc: ['body', field], msg, type: 'value_error' }])
}

/** Length counts characters (code points), not UTF-16 units, so an emoji is one. */
export function checkPassword(password: string, field = 'password'): void {
  const length = Array.from(password).length
  if (length < PASSWORD_MIN) throw invalid(field, `Password must be at least ${PASSWORD_MIN} characters`)
  if (length > PASSWORD_MAX) throw invalid(field, `Password must be at most ${PASSWORD_MAX} characters`)
}

export function checkUsername(username: string, field = 'username'): void {
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) {
    throw invalid(field, `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`)
  }
  if (!USERNAME_PATTERN.test(username)) {
    throw invalid(field, 'Username may contain only letters, digits, "_", "." and "-"')
  }
}

/** Emails are compared and stored trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Checks an email already normalised by `normalizeEmail`. */
export function checkEmail(email: string, field = 'email'): void {
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) {
    throw invalid(field, 'Enter a valid email address')
  }
}

/** A token name, trimmed: 1..100 characters. */
export function checkTokenName(name: string, field = 'name'): string {
  const trimmed = name.trim()
  if (trimmed.length === 0) throw invalid(field, 'Token name must not be empty')
  if (trimmed.length > TOKEN_NAME_MAX)
    throw invalid(field, `Token name must be at most ${TOKEN_NAME_MAX} characters`)
  return trimmed
}

/**
 * A token's expiry as a canonical ISO string (so stored expiries compare as text), or null for none.
 * Unparseable or not in the future: 422.
 */
export function checkExpiry(
  expiresAt: string | null | undefined,
  nowMs: number,
  field = 'expires_at',
): string | null {
  if (expiresAt === undefined || expiresAt === null) return null
  const ms = Date.parse(expiresAt)
  if (Number.isNaN(ms)) throw invalid(field, 'Expiry must be an ISO 8601 timestamp')
  if (ms <= nowMs) throw invalid(field, 'Expiry must be in the future')
  return new Date(ms).toISOString()
}

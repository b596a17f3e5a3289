import type { RateLimits } from '../src/auth/RateLimiter'

/**
 * The default login and registration limits with the per-user limit off: suites that send many
 * requests as one user (contract, replay, sync) poll faster than a person would.
 */
export const NO_USER_RATE_LIMIT: RateLimits = {
  login: { limit: 10, windowSeconds: 60 },
  register: { limit: 5, windowSeconds: 3600 },
  user: { limit: 0, windowSeconds: 60 },
}

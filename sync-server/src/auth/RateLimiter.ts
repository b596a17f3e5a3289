import { ApiError } from '../../../web/core/kernel/ApiError'

export interface RateLimit {
  /** Requests allowed per window; 0 turns the limit off. */
  limit: number
  windowSeconds: number
}

export interface RateLimits {
  /** Login attempts per IP (default 10 a minute). */
  login: RateLimit
  /** Registrations per IP (default 5 an hour). */
  register: RateLimit
  /** Every other request, per signed-in user, or per IP before sign-in (default 600 a minute). */
  user: RateLimit
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { limit: 10, windowSeconds: 60 },
  register: { limit: 5, windowSeconds: 3600 },
  user: { limit: 600, windowSeconds: 60 },
}

/** Counts requests per key (an IP or a user id) against one of the RateLimits. */
export interface RateLimiter {
  /** Counts one request for `key`; rejects with a 429 ApiError carrying `Retry-After` once over the limit. */
  hit(key: string): Promise<void>
}

/**
 * Makes the limiter of one of the RateLimits: in memory on one server (`memoryRateLimiters`), in
 * PostgreSQL when instances share it (`postgresRateLimiters`), so that a limit holds across them.
 */
export type RateLimiterFactory = (name: keyof RateLimits, rule: RateLimit) => RateLimiter

const COUNTED: Record<keyof RateLimits, string> = {
  login: 'login attempts',
  register: 'registrations',
  user: 'requests',
}

/** The answer past a limit: 429, with the whole seconds until its window ends (at least 1). */
export function tooManyRequests(name: keyof RateLimits, msBeforeNext: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000))
  return new ApiError(429, `Too many ${COUNTED[name]}; try again in ${retryAfter} s`, {
    'Retry-After': String(retryAfter),
  })
}

import { ApiError } from '../../../web/core/api/ApiError'

export interface RateLimit {
  /** Requests allowed per window; 0 turns the limit off. */
  limit: number
  windowSeconds: number
}

/**
 * Fixed-window counters per key (an IP or a user id), in memory: a restart forgets them, which only
 * ever errs towards letting a client in. Expired windows are swept as keys come and go, so a flood
 * of distinct keys cannot grow the map without bound.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>()
  private nextSweep = 0

  constructor(
    private readonly rule: RateLimit,
    private readonly what: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key`; throws a 429 ApiError with `Retry-After` once over the limit. */
  hit(key: string): void {
    if (this.rule.limit <= 0) return
    const now = this.now()
    this.sweep(now)
    let window = this.windows.get(key)
    if (!window || now >= window.resetAt) {
      window = { count: 0, resetAt: now + this.rule.windowSeconds * 1000 }
      this.windows.set(key, window)
    }
    window.count += 1
    if (window.count > this.rule.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000))
      throw new ApiError(429, `Too many ${this.what}; try again in ${retryAfter} s`, {
        'Retry-After': String(retryAfter),
      })
    }
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return
    this.nextSweep = now + this.rule.windowSeconds * 1000
    for (const [key, window] of this.windows) if (now >= window.resetAt) this.windows.delete(key)
  }
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

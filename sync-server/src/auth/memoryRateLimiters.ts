import { RateLimiterMemory } from 'rate-limiter-flexible'
import { limiterOver } from './limiterOver'
import type { RateLimiterFactory } from './RateLimiter'

/**
 * Fixed-window counters in this process's memory (rate-limiter-flexible's RateLimiterMemory, whose
 * windows start at a key's first request and expire on their own, so a flood of distinct keys does
 * not grow without bound). A restart forgets them, which only ever errs towards letting a client in.
 * Right for one server; instances that share a database share PostgreSQL's instead.
 */
export const memoryRateLimiters: RateLimiterFactory = (name, rule) => {
  if (rule.limit <= 0) return { hit: async () => {} }
  return limiterOver(new RateLimiterMemory({ points: rule.limit, duration: rule.windowSeconds }), name)
}

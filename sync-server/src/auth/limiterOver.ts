import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { tooManyRequests, type RateLimiter, type RateLimits } from './RateLimiter'

/**
 * A RateLimiter over one of rate-limiter-flexible's limiters: its refusal (a RateLimiterRes) becomes
 * the 429 ApiError. Any other rejection is the store failing, handed to `onStoreError`, which rethrows
 * unless told otherwise.
 */
export function limiterOver(
  limiter: Pick<RateLimiterAbstract, 'consume'>,
  name: keyof RateLimits,
  onStoreError: (error: unknown) => void = (error) => {
    throw error
  },
): RateLimiter {
  return {
    async hit(key) {
      try {
        await limiter.consume(key)
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) throw tooManyRequests(name, refusal.msBeforeNext)
        onStoreError(refusal)
      }
    },
  }
}

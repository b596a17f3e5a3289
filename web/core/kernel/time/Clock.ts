/** The clock port: hosts and tests supply time, so handlers stay deterministic under test. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

/** ISO 8601 with milliseconds and a Z suffix, the spec's timestamp format. */
export function toTimestamp(ms: number): string {
  return new Date(ms).toISOString()
}

/**
 * A clock that never returns the same millisecond twice. Records created or updated in the same
 * millisecond would otherwise tie on `created_at` (unstable "newest first") and an immediate PUT
 * would leave `updated_at` unchanged, which clients rightly read as "nothing happened".
 */
export function monotonicClock(base: Clock = systemClock): Clock {
  let last = 0
  return {
    now() {
      const t = Math.max(base.now(), last + 1)
      last = t
      return t
    },
  }
}

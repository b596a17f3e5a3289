import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { tooManyRequests, type RateLimit, type RateLimiter, type RateLimits } from './RateLimiter'

export interface BatchOptions {
  /** Hits of one key counted here before they are added to the shared count at once. */
  batch: number
  /** Counts waiting longer than this are added anyway (so other instances see them). */
  flushMs: number
  logError(error: unknown): void
}

/** One key's view: hits not yet in the shared count, and the shared count as last seen. */
interface KeyState {
  pending: number
  /** Hits being added to the shared count right now. */
  adding: number
  /** Adds queued or running: the state is not forgotten while one is. */
  queued: number
  shared: number
  /** When the shared count's window ends (ms since the epoch), as last seen. */
  resetAt: number
  /** The key's adds to the shared store, one at a time, in order. */
  chain: Promise<void>
}

/**
 * A shared limit whose count is added to the shared store (`limiter.consume(key, points)`, one
 * upsert in PostgreSQL) a batch at a time instead of once a request: far from the limit, up to
 * `batch` hits of a key are admitted on this instance's own count and added together (when the batch
 * fills, or after `flushMs`); within a batch of the limit, every hit is added before it is answered,
 * as without batching, so the refusal comes from the shared count.
 *
 * The overshoot is bounded: at any time an instance has admitted at most 2 x `batch` hits of a key
 * that the shared count does not hold yet (a batch waiting while the one before is being added, its
 * hits answered meanwhile so a hot key never waits on the database), so with N instances a window
 * admits at most limit + N x 2 x batch hits, and one instance alone never more than the limit. A full
 * batch waiting makes the next hits wait for the add (backpressure when the database is slow).
 * Hits refused are counted as before.
 */
export function batchedLimiter(
  limiter: Pick<RateLimiterAbstract, 'consume'>,
  name: keyof RateLimits,
  rule: RateLimit,
  options: BatchOptions,
): RateLimiter & { flushAll(): Promise<void>; close(): void } {
  const keys = new Map<string, KeyState>()

  /** Adds the key's pending hits (and `own`, the hit being answered) to the shared count. */
  const add = (key: string, state: KeyState, own: number): Promise<void> => {
    state.queued += 1
    const run = state.chain.then(async () => {
      const points = state.pending + own
      state.pending = 0
      if (points === 0) return
      state.adding += points
      try {
        const result = await limiter.consume(key, points)
        state.shared = result.consumedPoints
        state.resetAt = Date.now() + result.msBeforeNext
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) {
          // The store failed (the limiter's insurance counted in memory, or not even that): let it through.
          options.logError(refusal)
          return
        }
        // A refusal means the limit is reached (one from the library's in-memory block carries no count).
        state.shared = Math.max(refusal.consumedPoints, rule.limit)
        state.resetAt = Date.now() + refusal.msBeforeNext
        if (own > 0) throw tooManyRequests(name, refusal.msBeforeNext)
      } finally {
        state.adding -= points
      }
    })
    void run.then(
      () => (state.queued -= 1),
      () => (state.queued -= 1),
    )
    state.chain = run.catch(() => undefined)
    return run
  }

  const flushAll = async () => {
    const now = Date.now()
    const adds: Promise<void>[] = []
    for (const [key, state] of keys) {
      if (state.pending > 0) adds.push(add(key, state, 0).catch(options.logError))
      else if (now >= state.resetAt && state.queued === 0) keys.delete(key)
    }
    await Promise.all(adds)
  }
  const timer = setInterval(() => void flushAll(), options.flushMs)
  timer.unref()

  return {
    async hit(key) {
      let state = keys.get(key)
      if (!state) {
        state = { pending: 0, adding: 0, queued: 0, shared: 0, resetAt: 0, chain: Promise.resolve() }
        keys.set(key, state)
      }
      // A window seen ending restarts the shared count (pending hits go into the next one).
      if (Date.now() >= state.resetAt) state.shared = 0
      // Counted here while fewer than a batch wait (one more may be being added: the bound on the
      // overshoot) and the limit, counting every hit admitted here, is more than a batch away.
      const outside = state.pending + state.adding
      if (state.pending < options.batch && state.shared + outside + 1 <= rule.limit - options.batch) {
        state.pending += 1
        if (state.pending >= options.batch) void add(key, state, 0).catch(options.logError)
        return
      }
      await add(key, state, 1)
    },
    flushAll,
    close: () => clearInterval(timer),
  }
}

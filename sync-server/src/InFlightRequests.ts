import type { Middleware } from 'koa'

/**
 * Counts requests whose handlers are still running. A client that hangs up does not stop its
 * handler (a login still verifies its password), so shutdown waits for these, not only for the
 * sockets, before it closes the databases under them.
 */
export class InFlightRequests {
  private count = 0
  private waiters: Array<() => void> = []

  middleware(): Middleware {
    return async (_ctx, next) => {
      this.count += 1
      try {
        await next()
      } finally {
        this.count -= 1
        if (this.count === 0) for (const resolve of this.waiters.splice(0)) resolve()
      }
    }
  }

  /** Resolves once no handler runs, or after `timeoutMs` whatever is still running. */
  settled(timeoutMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs)
      this.waiters.push(() => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
}

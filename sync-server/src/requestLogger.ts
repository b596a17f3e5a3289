import type { Middleware } from 'koa'

/** One line per request: method, path, status, duration. Query strings are left out (they may hold tokens). */
export function requestLogger(write: (line: string) => void): Middleware {
  return async (ctx, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      const ms = (performance.now() - started).toFixed(1)
      write(`${new Date().toISOString()} ${ctx.method} ${ctx.path} ${ctx.status} ${ms}ms`)
    }
  }
}

import type { Middleware } from 'koa'
import { ApiError } from '../../web/core/api/ApiError'
import { toErrorResult } from '../../web/core/api/toErrorResult'
import { writeResult } from './mountRoutes'

/**
 * Outermost middleware: whatever escapes (koa-body's parse and size errors, a bug) becomes a
 * `{detail}` JSON answer through the core's `toErrorResult`. Stack traces go to the log only.
 */
export function errorHandler(log: (error: unknown) => void): Middleware {
  return async (ctx, next) => {
    try {
      await next()
    } catch (error) {
      writeResult(ctx, toErrorResult(translate(error), log))
    }
  }
}

/** Errors from Koa's own stack carry an HTTP status; client errors among them become ApiErrors. */
function translate(error: unknown): unknown {
  if (error instanceof ApiError || typeof error !== 'object' || error === null) return error
  const status = (error as { status?: unknown }).status
  if (typeof status !== 'number' || status < 400 || status >= 500) return error
  const expose = (error as { expose?: boolean }).expose === true
  return new ApiError(status, expose && error instanceof Error ? error.message : 'Bad request')
}

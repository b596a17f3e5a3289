import type { Middleware } from 'koa'
import { ApiError } from '../../web/core/kernel/ApiError'
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

/**
 * Errors from Koa's own stack carry an HTTP status; client errors among them become ApiErrors. Their
 * message is shown only when it was written for clients: koa-send turns a missing file into a 404
 * whose message is the file system's (`ENOENT: ..., stat '/srv/quire/dist/index.html'`).
 */
function translate(error: unknown): unknown {
  if (error instanceof ApiError || typeof error !== 'object' || error === null) return error
  const status = (error as { status?: unknown }).status
  if (typeof status !== 'number' || status < 400 || status >= 500) return error
  const expose = (error as { expose?: boolean }).expose === true && !isSystemError(error)
  if (expose && error instanceof Error) return new ApiError(status, error.message)
  return new ApiError(status, status === 404 ? 'Not found' : 'Bad request')
}

/** Node's file system and socket errors: `code` like ENOENT, and the call (`syscall`) that failed. */
function isSystemError(error: object): boolean {
  return 'syscall' in error || 'errno' in error
}

import { ApiError } from './ApiError'
import type { ApiResult } from './ApiResult'

/**
 * The only place an error becomes a response. Unknown errors are reported to `log` (the host's
 * logger) and answered with a generic 500: stack traces and internal messages never reach clients.
 */
export function toErrorResult(error: unknown, log: (error: unknown) => void = console.error): ApiResult {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      body: { detail: error.detail },
      ...(error.headers ? { headers: error.headers } : {}),
    }
  }
  log(error)
  return { status: 500, body: { detail: 'Internal server error' } }
}

import { ApiError } from './ApiError'
import type { ApiResult } from './ApiResult'
import { hideFilePaths } from './hideFilePaths'

/**
 * The only place an error becomes a response. Unknown errors are reported to `log` (the host's
 * logger) and answered with a generic 500: stack traces and internal messages never reach clients.
 * Details that quote a message from elsewhere never show where the host keeps its files.
 */
export function toErrorResult(error: unknown, log: (error: unknown) => void = console.error): ApiResult {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      body: {
        detail:
          typeof error.detail === 'string'
            ? hideFilePaths(error.detail)
            : error.detail.map((issue) => ({ ...issue, msg: hideFilePaths(issue.msg) })),
      },
      ...(error.headers ? { headers: error.headers } : {}),
    }
  }
  log(error)
  return { status: 500, body: { detail: 'Internal server error' } }
}

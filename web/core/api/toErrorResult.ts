import { ApiError } from '../kernel/ApiError'
import type { ApiResult } from '../kernel/ApiResult'
import { hideFilePaths } from './hideFilePaths'
import { STORAGE_FULL_MESSAGE, storageFull } from '../store/storageFull'
import {
  STORE_UNAVAILABLE_MESSAGE,
  STORE_UNAVAILABLE_RETRY_S,
  storeUnavailable,
} from '../store/storeUnavailable'

/**
 * The only place an error becomes a response. Unknown errors are reported to `log` (the host's
 * logger) and answered with a generic 500: stack traces and internal messages never reach clients.
 * Details that quote a message from elsewhere never show where the host keeps its files. A full disk
 * (ENOSPC) or a browser's storage quota, wherever in a handler it struck, is 507 Insufficient Storage
 * saying what to do: the write failed whole, and what was stored before is untouched. A database that
 * is away (restarting, crashed) is 503 with Retry-After: the request may be sent again once it is back.
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
  const full = storageFull(error)
  if (full) return { status: 507, body: { detail: STORAGE_FULL_MESSAGE[full] } }
  if (storeUnavailable(error)) {
    return {
      status: 503,
      body: { detail: STORE_UNAVAILABLE_MESSAGE },
      headers: { 'Retry-After': String(STORE_UNAVAILABLE_RETRY_S) },
    }
  }
  return { status: 500, body: { detail: 'Internal server error' } }
}

import { ApiError } from './ApiError'
import type { ApiResult } from './ApiResult'
import { toErrorResult } from './toErrorResult'

/** The answer for an API path that no route matches, the same on every host. */
export function unmatchedRoute(method: string, path: string): ApiResult {
  return toErrorResult(ApiError.notFound(`No endpoint ${method.toUpperCase()} ${path}`))
}

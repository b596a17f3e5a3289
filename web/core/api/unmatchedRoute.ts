import { ApiError } from '../kernel/ApiError'
import type { ApiResult } from '../kernel/ApiResult'
import { toErrorResult } from './toErrorResult'

/** The answer for an API path that no route matches, the same on every host. */
export function unmatchedRoute(method: string, path: string): ApiResult {
  return toErrorResult(ApiError.notFound(`No endpoint ${method.toUpperCase()} ${path}`))
}

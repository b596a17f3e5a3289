import { ApiError } from '../kernel/ApiError'

/** The value a lookup found, or a 404 with `detail` where it found nothing (null, undefined or false). */
export function orNotFound<T>(value: T | null | undefined | false, detail: string): T {
  if (!value) throw ApiError.notFound(detail)
  return value
}

import { ApiError } from '../kernel/ApiError'
import { exceedsJsonDepth, TOO_DEEP_JSON_DETAIL } from '../kernel/exceedsJsonDepth'

export const NOT_JSON_DETAIL = 'Request body must be JSON (Content-Type: application/json)'
export const MALFORMED_JSON_DETAIL = 'Request body is not valid JSON'

/**
 * Parses a raw request body for hosts that receive text (the browser). An empty body parses to
 * `undefined` so that the route's schema reports the missing fields by name.
 */
export function parseJsonBody(text: string, contentType: string | null): unknown {
  if (text.trim() === '') return undefined
  if (contentType === null || !isJsonContentType(contentType)) throw ApiError.badRequest(NOT_JSON_DETAIL)
  // Deep nesting parses, but overflows the stack of whatever recurses through it next (400, not 500).
  if (exceedsJsonDepth(text)) throw ApiError.badRequest(TOO_DEEP_JSON_DETAIL)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw ApiError.badRequest(MALFORMED_JSON_DETAIL)
  }
}

export function isJsonContentType(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || type.endsWith('+json')
}

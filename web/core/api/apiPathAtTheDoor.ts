import { ApiError } from '../kernel/ApiError'
import { canonicalPath, hasDotSegment } from '../http/canonicalPath'
import { isApiPath } from './isApiPath'

/** What the door makes of a request's path, before any decision on it (both hosts). */
export type DoorDecision =
  /** Not the API's: the app (its shell, its files). */
  | { kind: 'app' }
  /** The API's, in its one spelling (`canonicalPath`): every later decision is made on `path`. */
  | { kind: 'api'; path: string }
  /** Refused before anything else, the body unread. */
  | { kind: 'refused'; error: ApiError }

/**
 * The one door of both hosts (the server's onePathSpelling middleware, the browser's msw router):
 * `//` and percent-encoded unreserved characters are given their plain form; a path that names the
 * API only in another case (`/API/...`, `/Plugins/...`) is refused 404 (routes match
 * case-sensitively, so it could only be a second spelling); a `.` or `..` segment in an API path is
 * refused 400 (no route has one, and a decoded `%2e` must not reach anything that joins paths).
 * The path itself is never echoed: a client's odd spelling is not worth repeating.
 */
export function apiPathAtTheDoor(rawPath: string): DoorDecision {
  const path = canonicalPath(rawPath)
  if (!isApiPath(path.toLowerCase())) return { kind: 'app' }
  if (!isApiPath(path)) {
    return {
      kind: 'refused',
      error: new ApiError(404, 'No endpoint has this path: API paths are lower-case (/api/...)', {
        Connection: 'close',
      }),
    }
  }
  if (hasDotSegment(path)) {
    return {
      kind: 'refused',
      error: new ApiError(400, 'A path with . or .. segments is not an API path', { Connection: 'close' }),
    }
  }
  return { kind: 'api', path }
}

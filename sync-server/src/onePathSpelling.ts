import type { Middleware } from 'koa'
import { ApiError } from '../../web/core/api/ApiError'
import { canonicalPath, hasDotSegment } from '../../web/core/api/canonicalPath'
import { isApiPath } from '../../web/core/api/isApiPath'

/**
 * The door every request passes before any decision is made on its path: the API's paths are given
 * their one spelling (`canonicalPath`), so that the guard, the rate limits, the body limits and the
 * router all see the same path. Before this, `/API/v1/auth/login` skipped the guard's login limit
 * (which compared the path case-sensitively) while the router still answered it (case-insensitively).
 *
 * - `//` and percent-encoded unreserved characters are rewritten to their plain form;
 * - a path that names the API only in another case (`/API/...`, `/Plugins/...`) is refused with 404
 *   at once, and the connection closed, so no body of it is read; routes match case-sensitively;
 * - a `.` or `..` segment in an API path is refused (400): no route has one, and a decoded `%2e`
 *   must not reach anything that joins paths.
 */
export function onePathSpelling(): Middleware {
  return async (ctx, next) => {
    const path = canonicalPath(ctx.path)
    if (!isApiPath(path.toLowerCase())) return next()
    if (!isApiPath(path)) {
      // The path itself is not repeated: a client's odd spelling is not worth echoing.
      throw new ApiError(404, 'No endpoint has this path: API paths are lower-case (/api/...)', {
        Connection: 'close',
      })
    }
    if (hasDotSegment(path)) {
      throw new ApiError(400, 'A path with . or .. segments is not an API path', { Connection: 'close' })
    }
    if (path !== ctx.path) ctx.path = path
    return next()
  }
}

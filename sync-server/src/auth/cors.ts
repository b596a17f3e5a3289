import type { Middleware } from 'koa'
import { ApiError } from '../../../web/core/kernel/ApiError'

// Content-Range and Range: sync's blob parts go up and come down in ranges (resumable transfers).
const ALLOWED_HEADERS = 'Authorization, Content-Type, Last-Event-ID, Content-Range, Range'
const EXPOSED_HEADERS = 'Retry-After, X-Quire-Host, WWW-Authenticate, Content-Range, Content-Length, ETag'

export interface CorsOptions {
  /** Which paths answer CORS at all (the API's). */
  applies(path: string): boolean
  /**
   * Whether any origin may read answers. True where the data needs a token (accounts): a foreign
   * page can only use a token it was given. False on a single-user server, whose data needs nothing.
   */
  anyOrigin: boolean
  /** TRUSTED_ORIGINS: origins always allowed, by name. */
  trustedOrigins: ReadonlySet<string>
}

/**
 * Lets a Quire PWA served from another origin call this server. With accounts, any origin is allowed
 * (`*`), but never with credentials: browsers then neither attach nor accept cookies cross-origin,
 * so a foreign page can only ever use a token it was given. (Cookie-carrying requests that a foreign
 * page fires without reading the answer are stopped by the cross-site check in guardApi.)
 *
 * A single-user server has no credentials at all: every request is its owner's, so `*` would let
 * any site's page read their documents. There only TRUSTED_ORIGINS get CORS answers; other origins
 * get none (the browser keeps the answer from the page), and their preflights a 403 saying why.
 */
export function cors(options: CorsOptions): Middleware {
  return async (ctx, next) => {
    const origin = ctx.get('origin')
    if (!options.applies(ctx.path) || !origin) return next()
    ctx.vary('Origin')
    const trusted = options.trustedOrigins.has(origin)
    const preflight = ctx.method === 'OPTIONS' && ctx.get('access-control-request-method') !== ''
    if (!options.anyOrigin && !trusted) {
      if (preflight) {
        throw new ApiError(
          403,
          `Cross-origin requests from ${origin} are not allowed: this server has no accounts, so only the origins in TRUSTED_ORIGINS may use it from their pages`,
        )
      }
      return next()
    }
    ctx.set('Access-Control-Allow-Origin', options.anyOrigin ? '*' : origin)
    if (preflight) {
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE')
      ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS)
      ctx.set('Access-Control-Max-Age', '600')
      ctx.status = 204
      return
    }
    ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS)
    return next()
  }
}

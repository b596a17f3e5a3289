import type { Middleware } from 'koa'

// Content-Range and Range: sync's blob parts go up and come down in ranges (resumable transfers).
const ALLOWED_HEADERS = 'Authorization, Content-Type, Last-Event-ID, Content-Range, Range'
const EXPOSED_HEADERS = 'Retry-After, X-Quire-Host, WWW-Authenticate, Content-Range, Content-Length, ETag'

/**
 * Lets a Quire PWA served from another origin call this server with Bearer tokens. Any origin is
 * allowed, but never with credentials: browsers then neither attach nor accept cookies cross-origin,
 * so a foreign page can only ever use a token it was given. (Cookie-carrying requests that a foreign
 * page fires without reading the answer are stopped by the cross-site check in guardApi.)
 */
export function cors(applies: (path: string) => boolean): Middleware {
  return async (ctx, next) => {
    if (!applies(ctx.path) || !ctx.get('origin')) return next()
    ctx.set('Access-Control-Allow-Origin', '*')
    ctx.set('Vary', 'Origin')
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
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

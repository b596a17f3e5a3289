import type { HttpMethod } from './Route'

/** Method and path of a route, as the route table writes them (`:name` one segment, `*name` the rest). */
export interface RouteSummary {
  method: HttpMethod
  path: string
}

/**
 * The routes only the sync server answers (accounts, personal tokens, jobs, sync and its blobs): the
 * server's table less the routes the browser answers itself. On the sync server's own origin a page's
 * request for one of them must reach the server, not the in-browser API's 404; offline it gets a 503
 * that says so. `sync-server/test/serverOnlyRoutes.test.ts` keeps this list equal to the two tables,
 * so a server route added without a browser twin fails a test until it is listed here.
 */
export const serverOnlyRoutes: readonly RouteSummary[] = [
  { method: 'post', path: '/api/v1/auth/register' },
  { method: 'post', path: '/api/v1/auth/login' },
  { method: 'post', path: '/api/v1/auth/refresh' },
  { method: 'post', path: '/api/v1/auth/logout' },
  { method: 'put', path: '/api/v1/auth/profile/username' },
  { method: 'put', path: '/api/v1/auth/profile/password' },
  { method: 'post', path: '/api/v1/auth/tokens' },
  { method: 'get', path: '/api/v1/auth/tokens' },
  { method: 'delete', path: '/api/v1/auth/tokens/:token_id' },
  { method: 'post', path: '/api/v1/jobs' },
  { method: 'get', path: '/api/v1/jobs' },
  { method: 'get', path: '/api/v1/jobs/:job_id' },
  { method: 'post', path: '/api/v1/jobs/:job_id/cancel' },
  { method: 'post', path: '/api/v1/jobs/:job_id/retry' },
  { method: 'get', path: '/api/v1/jobs/:job_id/events' },
  { method: 'get', path: '/api/v1/jobs/:job_id/events/stream' },
  { method: 'get', path: '/api/v1/jobs/:job_id/logs' },
  { method: 'delete', path: '/api/v1/jobs/:job_id' },
  { method: 'post', path: '/api/v1/sync/push' },
  { method: 'get', path: '/api/v1/sync/pull' },
  { method: 'get', path: '/api/v1/sync/events' },
  { method: 'get', path: '/api/v1/sync/blobs/:key/status' },
  { method: 'put', path: '/api/v1/sync/blobs/:key' },
  { method: 'get', path: '/api/v1/sync/blobs/:key' },
]

const matchers = serverOnlyRoutes.map((route) => ({
  method: route.method.toUpperCase(),
  pattern: pathPattern(route.path),
}))

/** Whether `METHOD pathname` is one of `serverOnlyRoutes` (a trailing slash is tolerated, as Koa does). */
export function isServerOnlyRoute(method: string, pathname: string): boolean {
  const upper = method.toUpperCase()
  // HEAD is answered like GET by both hosts.
  const asMethod = upper === 'HEAD' ? 'GET' : upper
  return matchers.some((route) => route.method === asMethod && route.pattern.test(pathname))
}

/** `/a/:id/b` -> /^\/a\/[^/]+\/b\/?$/ ; `*rest` spans segments. */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return '[^/]+'
      if (segment.startsWith('*')) return '.+'
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return new RegExp(`^${source}/?$`)
}

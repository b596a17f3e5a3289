import { trailingSlashTwin } from './trailingSlashTwin'
import type { RouteSummary } from './serverOnlyRoutes'

/** The route a request's method and path name, with its path parameters decoded. */
export interface RouteMatch {
  /** Index in the table the matcher was compiled from. */
  route: number
  params: Record<string, string>
}

/** Finds the route for `METHOD pathname`, or undefined when none (or a parameter is malformed). */
export type RouteMatcher = (method: string, pathname: string) => RouteMatch | undefined

interface Compiled {
  route: number
  method: string
  pattern: RegExp
  names: string[]
}

/**
 * Compiles a route table once into regular expressions that match as the server's router does: case
 * included (a path in another case is a second spelling, refused at the door, `apiPathAtTheDoor`),
 * every written path before any trailing-slash twin, `*name` one or more segments, the parameters
 * URI-decoded. The browser's one router (`browserHandlers`, behind the service worker) and the page's
 * direct path (`directApiFetch`) both match with it, on the path the door gives; compiled once, where
 * msw compiled each handler's path again on every request.
 */
export function compileRouteMatcher(routes: readonly RouteSummary[]): RouteMatcher {
  const written = routes.map((route, index) => compile(index, route.method, route.path))
  const twins = routes.flatMap((route, index) => {
    const twin = trailingSlashTwin(route.path)
    return twin === undefined ? [] : [compile(index, route.method, twin)]
  })
  const all = [...written, ...twins]
  return (method, pathname) => {
    const lower = method.toLowerCase()
    for (const candidate of all) {
      if (candidate.method !== lower) continue
      const found = candidate.pattern.exec(pathname)
      if (!found) continue
      const params: Record<string, string> = {}
      try {
        candidate.names.forEach((name, i) => {
          params[name] = decodeURIComponent(found[i + 1] ?? '')
        })
      } catch {
        // A malformed escape: left to the full path, which answers it as it always has.
        return undefined
      }
      return { route: candidate.route, params }
    }
    return undefined
  }
}

function compile(route: number, method: string, path: string): Compiled {
  const names: string[] = []
  const source = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1))
        return '([^/]+?)'
      }
      if (segment.startsWith('*')) {
        names.push(segment.slice(1))
        return '([^/]+?(?:/[^/]+?)*)'
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return { route, method, pattern: new RegExp(`^${source}/?$`, 'u'), names }
}

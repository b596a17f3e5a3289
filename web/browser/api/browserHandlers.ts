import type { Remote } from 'comlink'
import { http, HttpResponse, type HttpHandler } from 'msw'
import { apiPathAtTheDoor } from '../../core/api/apiPathAtTheDoor'
import { compileRouteMatcher } from '../../core/api/compileRouteMatcher'
import { isServerOnlyRoute } from '../../core/api/serverOnlyRoutes'
import { toErrorResult } from '../../core/api/toErrorResult'
import { unmatchedRoute } from '../../core/api/unmatchedRoute'
import type { ApiWorkerApi, RouteSummary } from './ApiWorkerApi'
import { apiResultResponse } from './apiResultResponse'
import { toForwardedRequest } from './toForwardedRequest'
import { toWorkerRequest } from './toWorkerRequest'

/**
 * The in-browser API's router on msw. One handler sees every request first and makes the server's
 * decisions the server's way: the door (`apiPathAtTheDoor`: `//` and encoded unreserved characters
 * folded, `/API/...` refused 404, dot segments 400), then the route table matched case-sensitively
 * on that one spelling (`compileRouteMatcher`, each route before the trailing-slash twins, as Koa
 * mounts them; the page's direct path uses the same matcher), each request forwarded to the API
 * worker. msw's own path matching is case-insensitive and sees only the spelling as sent, so it
 * decides nothing here. The sync server's own routes (accounts, jobs, sync) go to the server through
 * the worker, which holds the account's token; other /api (and /plugins/) paths get the shared 404,
 * so they never fall through to the network. Requests to other origins, and the app's own files,
 * pass. The route list comes from the worker, so that the schemas and handlers (zod included) load
 * only there, not in the page.
 */
export function browserHandlers(
  api: Remote<ApiWorkerApi>,
  routes: readonly RouteSummary[],
  origin: string | undefined = globalThis.location?.origin,
): HttpHandler[] {
  const match = compileRouteMatcher(routes)
  return [
    http.all('*', async ({ request }) => {
      const url = new URL(request.url)
      if (origin !== undefined && url.origin !== origin) return undefined
      const decision = apiPathAtTheDoor(url.pathname)
      if (decision.kind === 'app') return undefined
      if (decision.kind === 'refused') return apiResultResponse(toErrorResult(decision.error))
      const found = match(request.method, decision.path)
      if (found)
        return apiResultResponse(await api.invoke(await toWorkerRequest(request, found.route, found.params)))
      if (request.method === 'GET' && decision.path === '/openapi.json') {
        return HttpResponse.json(await api.openApi())
      }
      if (!isServerOnlyRoute(request.method, decision.path)) {
        return apiResultResponse(unmatchedRoute(request.method, decision.path))
      }
      return apiResultResponse(await api.forward(await toForwardedRequest(request)))
    }),
  ]
}

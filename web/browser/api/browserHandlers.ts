import type { Remote } from 'comlink'
import { http, HttpResponse, type HttpHandler, type HttpResponseResolver } from 'msw'
import { isServerOnlyRoute } from '../../core/api/serverOnlyRoutes'
import { unmatchedRoute } from '../../core/api/unmatchedRoute'
import { trailingSlashTwin } from '../../core/api/trailingSlashTwin'
import type { ApiWorkerApi, RouteSummary } from './ApiWorkerApi'
import { apiResultResponse } from './apiResultResponse'
import { toForwardedRequest } from './sendToSyncServer'
import { toWorkerRequest } from './toWorkerRequest'

/**
 * The route table mounted on msw: one `http[method](path)` handler per route, each forwarding the
 * request to the API worker. A final catch-all sends the sync server's own routes (accounts, jobs,
 * sync) to the server through the worker, which holds the account's token, and answers other /api
 * (and /plugins/) paths with the shared 404, so they never fall through to the network. The route list comes from
 * the worker, so that the schemas and handlers (zod included) load only there, not in the page.
 */
export function browserHandlers(api: Remote<ApiWorkerApi>, routes: readonly RouteSummary[]): HttpHandler[] {
  const resolver =
    (index: number): HttpResponseResolver =>
    async ({ request, params }) =>
      apiResultResponse(
        await api.invoke(
          await toWorkerRequest(
            request,
            index,
            // A `:name+` wildcard answers its segments as an array: the route sees them joined again.
            Object.fromEntries(
              Object.entries(params).map(([k, v]) => [
                k,
                typeof v === 'string' || v === undefined ? v : v.join('/'),
              ]),
            ),
          ),
        ),
      )
  const handlers = routes.map((route, index) => http[route.method](mswPath(route.path), resolver(index)))
  // Each route answers its trailing-slash twin too (the same handler); after every written path, so
  // a twin can never answer for another route.
  const twins = routes.flatMap((route, index) => {
    const twin = trailingSlashTwin(route.path)
    return twin === undefined ? [] : [http[route.method](mswPath(twin), resolver(index))]
  })
  return [
    ...handlers,
    ...twins,
    http.get('/openapi.json', async () => HttpResponse.json(await api.openApi())),
    http.all('/api/*', async ({ request }) => {
      const url = new URL(request.url)
      if (!isServerOnlyRoute(request.method, url.pathname))
        return apiResultResponse(unmatchedRoute(request.method, url.pathname))
      return apiResultResponse(await api.forward(await toForwardedRequest(request)))
    }),
    // Plugin files no route matched (another version, a folder) are the API's 404 too, never the network.
    http.all('/plugins/*', ({ request }) =>
      apiResultResponse(unmatchedRoute(request.method, new URL(request.url).pathname)),
    ),
  ]
}

/**
 * Route paths are written for @koa/router (path-to-regexp v8), where `*name` is a wildcard spanning
 * one or more segments. msw's matcher (path-to-regexp v6) spells that `:name+` (`:name*` would also
 * match none, where Koa answers 404); its own `*` means "anything" and would not bind the name.
 */
export function mswPath(path: string): string {
  return path.replace(/\*([A-Za-z_][A-Za-z0-9_]*)/g, ':$1+')
}

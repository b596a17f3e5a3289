import type { Remote } from 'comlink'
import { http, HttpResponse, type HttpHandler, type HttpResponseResolver } from 'msw'
import type { ApiResult } from '../../core/api/ApiResult'
import { isServerOnlyRoute } from '../../core/api/serverOnlyRoutes'
import { unmatchedRoute } from '../../core/api/unmatchedRoute'
import { trailingSlashTwin } from '../../core/api/trailingSlashTwin'
import type { ApiWorkerApi, RouteSummary, WorkerRequest } from './ApiWorkerApi'
import { toForwardedRequest } from './sendToSyncServer'

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
    async ({ request, params }) => {
      const url = new URL(request.url)
      const contentType = request.headers.get('content-type')
      // A urlencoded form is read like a multipart one (fields, no files), as FastAPI's Form() reads it.
      const form = /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType ?? '')
      const multipart = form ? await splitFormData(request) : undefined
      const result = await api.invoke({
        route: index,
        // A `:name+` wildcard answers its segments as an array: the route sees them joined again.
        params: Object.fromEntries(
          Object.entries(params).map(([k, v]) => [
            k,
            typeof v === 'string' || v === undefined ? v : v.join('/'),
          ]),
        ),
        query: queryObject(url.searchParams),
        bodyText: multipart ? '' : await request.text(),
        contentType,
        multipart: multipart ?? undefined,
      })
      return toResponse(result)
    }
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
        return toResponse(unmatchedRoute(request.method, url.pathname))
      return toResponse(await api.forward(await toForwardedRequest(request)))
    }),
    // Plugin files no route matched (another version, a folder) are the API's 404 too, never the network.
    http.all('/plugins/*', ({ request }) =>
      toResponse(unmatchedRoute(request.method, new URL(request.url).pathname)),
    ),
  ]
}

/** Form fields and files by name; a malformed body is answered by the route as "not multipart". */
async function splitFormData(request: Request): Promise<WorkerRequest['multipart'] | null> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return null
  }
  const fields: Record<string, string> = {}
  const files: Record<string, File[]> = {}
  form.forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value
    else (files[name] ??= []).push(value)
  })
  return { fields, files }
}

function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key)
    query[key] = values.length === 1 ? (values[0] ?? '') : values
  }
  return query
}

/** Says which host answered (a request forwarded to the sync server keeps the server's `server`). */
const HOST_HEADER = { 'X-Quire-Host': 'browser' }

function toResponse({ status, body, stream, headers: routeHeaders }: ApiResult): Response {
  const headers = { ...HOST_HEADER, ...routeHeaders }
  // A streamed body (transferred from the API worker) reaches the page through msw as it is produced.
  if (stream)
    return new HttpResponse(stream, { status, headers: { 'Cache-Control': 'no-cache', ...headers } })
  if (body === undefined) return new HttpResponse(null, { status, headers })
  return HttpResponse.json(body as never, { status, headers })
}

/**
 * Route paths are written for @koa/router (path-to-regexp v8), where `*name` is a wildcard spanning
 * one or more segments. msw's matcher (path-to-regexp v6) spells that `:name+` (`:name*` would also
 * match none, where Koa answers 404); its own `*` means "anything" and would not bind the name.
 */
export function mswPath(path: string): string {
  return path.replace(/\*([A-Za-z_][A-Za-z0-9_]*)/g, ':$1+')
}

import type { Remote } from 'comlink'
import { http, HttpResponse, type HttpHandler } from 'msw'
import { apiPathAtTheDoor } from '../../core/api/apiPathAtTheDoor'
import type { ApiResult } from '../../core/api/ApiResult'
import { matchRoutePath } from '../../core/api/matchRoutePath'
import { isServerOnlyRoute } from '../../core/api/serverOnlyRoutes'
import { unmatchedRoute } from '../../core/api/unmatchedRoute'
import { toErrorResult } from '../../core/api/toErrorResult'
import { trailingSlashTwin } from '../../core/api/trailingSlashTwin'
import type { ApiWorkerApi, RouteSummary, WorkerRequest } from './ApiWorkerApi'
import { toForwardedRequest } from './sendToSyncServer'

/**
 * The in-browser API's router on msw. One handler sees every request first and makes the server's
 * decisions the server's way: the door (`apiPathAtTheDoor`: `//` and encoded unreserved characters
 * folded, `/API/...` refused 404, dot segments 400), then the route table matched case-sensitively
 * on that one spelling (`matchRoutePath`, each route before the trailing-slash twins, as Koa mounts
 * them), each request forwarded to the API worker. msw's own path matching is case-insensitive and
 * sees only the spelling as sent, so it decides nothing here. The sync server's own routes
 * (accounts, jobs, sync) go to the server through the worker, which holds the account's token; other
 * /api (and /plugins/) paths get the shared 404, so they never fall through to the network. Requests
 * to other origins, and the app's own files, pass. The route list comes from the worker, so that the
 * schemas and handlers (zod included) load only there, not in the page.
 */
export function browserHandlers(
  api: Remote<ApiWorkerApi>,
  routes: readonly RouteSummary[],
  origin: string | undefined = globalThis.location?.origin,
): HttpHandler[] {
  const invoke = async (index: number, request: Request, params: Record<string, string>) => {
    const url = new URL(request.url)
    const contentType = request.headers.get('content-type')
    // A urlencoded form is read like a multipart one (fields, no files), as FastAPI's Form() reads it.
    const form = /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType ?? '')
    const multipart = form ? await splitFormData(request) : undefined
    const result = await api.invoke({
      route: index,
      params,
      query: queryObject(url.searchParams),
      bodyText: multipart ? '' : await request.text(),
      contentType,
      multipart: multipart ?? undefined,
    })
    return toResponse(result)
  }
  // Each route answers its trailing-slash twin too; after every written path, so a twin can never
  // answer for another route.
  const table = [
    ...routes.map((route, index) => ({ method: route.method, path: route.path, index })),
    ...routes.flatMap((route, index) => {
      const twin = trailingSlashTwin(route.path)
      return twin === undefined ? [] : [{ method: route.method, path: twin, index }]
    }),
  ]
  return [
    http.all('*', async ({ request }) => {
      const url = new URL(request.url)
      if (origin !== undefined && url.origin !== origin) return undefined
      const decision = apiPathAtTheDoor(url.pathname)
      if (decision.kind === 'app') return undefined
      if (decision.kind === 'refused') return toResponse(toErrorResult(decision.error))
      const method = request.method.toLowerCase()
      for (const entry of table) {
        if (entry.method !== method) continue
        const params = matchRoutePath(entry.path, decision.path)
        if (params) return invoke(entry.index, request, params)
      }
      if (method === 'get' && decision.path === '/openapi.json') {
        return HttpResponse.json(await api.openApi())
      }
      if (!isServerOnlyRoute(request.method, decision.path)) {
        return toResponse(unmatchedRoute(request.method, decision.path))
      }
      return toResponse(await api.forward(await toForwardedRequest(request)))
    }),
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

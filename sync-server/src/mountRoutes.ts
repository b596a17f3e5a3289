import Router from '@koa/router'
import type { Context } from 'koa'
import { ApiError } from '../../web/core/api/ApiError'
import type { ApiPorts } from '../../web/core/api/ApiPorts'
import type { ApiResult } from '../../web/core/api/ApiResult'
import { invokeRoute } from '../../web/core/api/invokeRoute'
import { isJsonContentType, NOT_JSON_DETAIL } from '../../web/core/api/parseJsonBody'
import type { Route } from '../../web/core/api/Route'

/** Mounts every route of the table on a @koa/router, unchanged. */
export function mountRoutes(
  routes: readonly Route[],
  ports: ApiPorts,
  logError: (error: unknown) => void,
): Router {
  const router = new Router()
  for (const route of routes) {
    router[route.method](route.path, async (ctx) => {
      writeResult(
        ctx,
        await invokeRoute(
          route,
          { params: ctx.params, query: ctx.query, body: () => requestBody(ctx) },
          ports,
          logError,
        ),
      )
    })
  }
  return router
}

/** koa-body has parsed JSON already; here a body is told apart from no body, and non-JSON refused. */
function requestBody(ctx: Context): unknown {
  const raw = (ctx.request as { rawBody?: string }).rawBody
  const declared = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== ''
  if (!declared && !raw) return undefined
  if (!isJsonContentType(ctx.get('content-type'))) throw ApiError.badRequest(NOT_JSON_DETAIL)
  if (raw === undefined || raw.trim() === '') return undefined
  return ctx.request.body
}

export function writeResult(ctx: Context, result: ApiResult): void {
  ctx.status = result.status
  for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value)
  if (result.body !== undefined) ctx.body = result.body
  else ctx.body = null
}

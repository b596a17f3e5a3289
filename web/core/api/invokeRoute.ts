import { ApiError } from './ApiError'
import type { ApiPorts } from './ApiPorts'
import type { ApiResult } from './ApiResult'
import { formatZodError } from './formatZodError'
import type { Route } from './Route'
import { toErrorResult } from './toErrorResult'

/** A request as every host hands it over: already matched to a route, body already parsed. */
export interface RouteRequest {
  params: Record<string, string | undefined>
  query: Record<string, string | string[] | undefined>
  /**
   * Parsed JSON body (`undefined` when the request had none), or a function that produces it: its
   * errors (malformed JSON, wrong content type) are then answered like any other validation error.
   * It is only called for routes that take a body.
   */
  body: unknown | (() => unknown)
}

/**
 * Validates a request against its route and runs the handler. Never throws: every failure comes
 * back as an ApiResult with a `{detail}` body, so hosts only translate results into responses.
 */
export async function invokeRoute(
  route: Route,
  request: RouteRequest,
  ports: ApiPorts,
  log?: (error: unknown) => void,
): Promise<ApiResult> {
  try {
    let params: unknown = request.params
    if (route.params) {
      const parsed = route.params.safeParse(request.params)
      if (!parsed.success) throw ApiError.notFound(route.notFoundDetail)
      params = parsed.data
    }
    let query: unknown = request.query
    if (route.query) {
      const parsed = route.query.safeParse(request.query)
      if (!parsed.success) throw ApiError.badRequest(formatZodError(parsed.error, 'query'))
      query = parsed.data
    }
    let body: unknown = undefined
    if (route.body) {
      const raw = typeof request.body === 'function' ? (request.body as () => unknown)() : request.body
      if (raw === undefined) throw ApiError.badRequest('Request body is required (a JSON object)')
      const parsed = route.body.safeParse(raw)
      if (!parsed.success) throw ApiError.badRequest(formatZodError(parsed.error, 'body'))
      body = parsed.data
    }
    return await route.handler({ params, query, body }, ports)
  } catch (error) {
    return toErrorResult(error, log)
  }
}

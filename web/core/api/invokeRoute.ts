import type { z } from 'zod'
import { ApiError } from '../kernel/ApiError'
import type { ApiPorts } from './ApiPorts'
import type { ApiResult } from '../kernel/ApiResult'
import { formatZodError } from './formatZodError'
import type { Route } from './Route'
import { toErrorResult } from './toErrorResult'
import { isMultipartBody, type UploadedFile } from '../kernel/UploadedFile'
import { validationIssues } from './validationIssues'

/** A request as every host hands it over: already matched to a route, body already parsed. */
export interface RouteRequest {
  params: Record<string, string | undefined>
  query: Record<string, string | string[] | undefined>
  /**
   * Parsed JSON body or MultipartBody (`undefined` when the request had none), or a function that
   * produces it: its errors (malformed JSON, wrong content type, too large) are then answered like
   * any other validation error. It is only called for routes that take a body.
   */
  body: unknown | (() => unknown)
  /** Request headers (any case; repeated ones as arrays); hosts that pass none give handlers `{}`. */
  headers?: Record<string, string | string[] | undefined>
}

/**
 * Validates a request against its route and runs the handler. Never throws: every failure comes
 * back as an ApiResult with a `{detail}` body, so hosts only translate results into responses.
 */
export async function invokeRoute<Ports = ApiPorts>(
  route: Route<z.ZodType, z.ZodType, z.ZodType, Ports>,
  request: RouteRequest,
  ports: Ports,
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
    if (route.query) query = validate(route, route.query, request.query, 'query')
    let body: unknown = undefined
    let files: Record<string, UploadedFile[]> = {}
    if (route.body) {
      const raw = typeof request.body === 'function' ? await (request.body as () => unknown)() : request.body
      if (route.bodyType === 'multipart') {
        if (!isMultipartBody(raw)) throw invalid(route, 'Request body must be multipart/form-data', 'body')
        body = validate(route, route.body, raw.fields, 'body')
        files = raw.files
      } else if (route.bodyType === 'binary') {
        if (!(raw instanceof Uint8Array)) throw ApiError.badRequest(BINARY_REQUIRED)
        body = validate(route, route.body, raw, 'body')
      } else {
        if (raw === undefined && !route.bodyOptional) {
          throw invalid(route, 'Request body is required (a JSON object)', 'body')
        }
        body = validate(route, route.body, raw, 'body')
      }
    }
    const headers = headerRecord(request.headers)
    return await route.handler({ params, query, body, files, headers }, ports)
  } catch (error) {
    return toErrorResult(error, log)
  }
}

const BINARY_REQUIRED = 'Request body must be application/octet-stream bytes'

function headerRecord(headers: RouteRequest['headers']): Record<string, string> {
  const record: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined) record[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return record
}

function validate(
  route: Pick<Route, 'errorStyle'>,
  schema: z.ZodType,
  value: unknown,
  where: 'body' | 'query',
): unknown {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  if (route.errorStyle === 'platform') throw ApiError.unprocessable(validationIssues(parsed.error, where))
  throw ApiError.badRequest(formatZodError(parsed.error, where))
}

/** A request-level validation failure in the route's error style. */
export function invalid(route: Pick<Route, 'errorStyle'>, message: string, field: string): ApiError {
  return route.errorStyle === 'platform'
    ? ApiError.unprocessable([{ loc: ['body', field], msg: message, type: 'value_error' }])
    : ApiError.badRequest(message)
}

import type { z } from 'zod'
import type { ApiPorts } from './ApiPorts'
import type { ApiResult } from './ApiResult'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

export interface RouteResponse {
  description: string
  schema?: z.ZodType
}

export interface RouteInput<P, Q, B> {
  params: P
  query: Q
  body: B
}

/**
 * One endpoint of the REST surface. Both hosts mount every entry of the route table as it is: the
 * browser with msw `http[method](path)`, the server with @koa/router. Paths use `:name` parameters,
 * which both routers understand.
 */
export interface Route<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: HttpMethod
  path: string
  operationId: string
  summary: string
  description?: string
  tags: string[]
  /** Path parameters. A value that fails this schema names nothing that exists, so it answers 404. */
  params?: P
  /** Detail of the 404 answered for malformed path parameters. */
  notFoundDetail?: string
  query?: Q
  /** JSON request body; routes without one ignore whatever body a client sends. */
  body?: B
  responses: Record<number, RouteResponse>
  handler(input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>, ports: ApiPorts): Promise<ApiResult>
}

/** Identity helper that infers handler input types from the schemas. */
export function defineRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  route: Route<P, Q, B>,
): Route {
  return route as unknown as Route
}

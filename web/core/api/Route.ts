import { z } from 'zod'
import type { ApiPorts } from './ApiPorts'
import type { ApiResult } from '../kernel/ApiResult'
import type { UploadedFile } from '../kernel/UploadedFile'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

export interface RouteResponse {
  description: string
  schema?: z.ZodType
  /** The answer's media type when it is not JSON (`application/octet-stream` for bytes). */
  contentType?: string
  /** Response headers the answer always carries, by name: what each says (documented in OpenAPI). */
  headers?: Record<string, string>
}

export interface RouteInput<P, Q, B> {
  params: P
  query: Q
  /** The JSON body, or a multipart body's text fields, validated by the route's `body` schema. */
  body: B
  /** Files of a multipart body, by field name (empty for JSON routes). */
  files: Record<string, UploadedFile[]>
  /** Request headers by lowercase name (repeated ones joined by `, `); empty where a host passes none. */
  headers: Record<string, string>
}

/** A file field of a multipart route, for validation messages and the OpenAPI description. */
export interface FileField {
  name: string
  description: string
  multiple?: boolean
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
  Ports = ApiPorts,
> {
  method: HttpMethod
  path: string
  operationId: string
  /**
   * The operationId of the route this one answers for at another path, by the same handler: a
   * BrainDrive-compat alias (`serviceAliases.ts`). Isolation and bad-input tests follow the original.
   */
  aliasOf?: string
  summary: string
  description?: string
  tags: string[]
  /** Path parameters. A value that fails this schema names nothing that exists, so it answers 404. */
  params?: P
  /** Detail of the 404 answered for malformed path parameters. */
  notFoundDetail?: string
  query?: Q
  /** JSON request body (or multipart text fields); routes without one ignore any body sent. */
  body?: B
  /**
   * `multipart` routes receive form data: `body` validates its text fields, `files` lists its files.
   * `binary` routes receive the raw bytes (`application/octet-stream`) as a Uint8Array in `body`
   * (declare `body: binaryBody`), read by the host up to `maxBodyBytes` (413 above it).
   */
  bodyType?: 'json' | 'multipart' | 'binary'
  /** Hard limit of a `binary` body: the host stops reading and answers 413 above it. */
  maxBodyBytes?: number
  /** A JSON body that may be left out: `body` then validates `undefined` (e.g. refresh by cookie or by body). */
  bodyOptional?: boolean
  files?: FileField[]
  /**
   * How validation failures are answered: the document-chat surface's 400 `{detail: string}`, or
   * the platform API's 422 `{detail: [{loc, msg, type}]}` (DESIGN.md section 2).
   */
  errorStyle?: 'chat' | 'platform'
  responses: Record<number, RouteResponse>
  /**
   * A GET that makes the host call another server (a URL in the request, or the person's own
   * setting): the server refuses it when another site's page sends it with a cookie, since any page
   * can make a browser send a GET (`<img src>`). Such a route also has a POST form (`postTwin`).
   */
  reachesOut?: boolean
  /** Public routes need no signed-in user on the server (register, login, health); the rest do. */
  public?: boolean
  handler(input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>, ports: Ports): Promise<ApiResult>
}

/** The `body` schema of a `binary` route: the request's bytes, as the host read them. */
export const binaryBody = z.custom<Uint8Array>((value) => value instanceof Uint8Array, {
  message: 'must be the raw bytes of an application/octet-stream body',
})

/**
 * Identity helper that infers handler input types from the schemas. `Ports` comes from the handler's
 * annotated ports parameter (`ports: CollectionPorts`: what it uses, see CONTEXT.md) or from the table's
 * type (the server's `AuthPorts`, `JobPorts`); left unnamed it is the whole `ApiPorts`, which
 * `routePorts.test.ts` refuses. Every narrowed route still fits a `Route[]` table mounted with `ApiPorts`.
 */
export function defineRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, Ports = ApiPorts>(
  route: Route<P, Q, B, Ports>,
): Route<z.ZodType, z.ZodType, z.ZodType, Ports> {
  return route as unknown as Route<z.ZodType, z.ZodType, z.ZodType, Ports>
}

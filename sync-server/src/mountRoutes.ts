import { readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type Router from '@koa/router'
import type { Context } from 'koa'
import type { z } from 'zod'
import { ApiError } from '../../web/core/kernel/ApiError'
import type { ApiPorts } from '../../web/core/api/ApiPorts'
import type { ApiResult } from '../../web/core/kernel/ApiResult'
import { invokeRoute } from '../../web/core/api/invokeRoute'
import { toErrorResult } from '../../web/core/api/toErrorResult'
import { isJsonContentType, NOT_JSON_DETAIL } from '../../web/core/api/parseJsonBody'
import type { Route } from '../../web/core/api/Route'
import type { MultipartBody, UploadedFile } from '../../web/core/kernel/UploadedFile'
import { routePaths } from '../../web/core/api/trailingSlashTwin'
import { UPLOAD_ORDER } from './bodyParser'
import { fileSource } from './files/fileSource'

/**
 * Mounts every route of a table on a @koa/router, unchanged, at its path and at its trailing-slash
 * twin (`trailingSlashTwin`: the same handler, no redirect). `portsFor` builds the ports of one
 * request (the caller's own data space, their identity); a failure there (no such user any more)
 * is answered like a handler's.
 */
export function mountRoutes<Ports = ApiPorts>(
  router: Router,
  routes: ReadonlyArray<Route<z.ZodType, z.ZodType, z.ZodType, Ports>>,
  portsFor: (ctx: Context) => Ports | Promise<Ports>,
  logError: (error: unknown) => void,
): Router {
  for (const route of routes) {
    // Upload parts are removed by bodyParser once the request is over, whatever answered it.
    router[route.method](routePaths(route.path), async (ctx) => {
      const body = () =>
        route.bodyType === 'multipart'
          ? multipartBody(ctx)
          : route.bodyType === 'binary'
            ? binaryBody(ctx, route.maxBodyBytes ?? DEFAULT_BINARY_LIMIT)
            : requestBody(ctx)
      let ports: Ports
      try {
        ports = await portsFor(ctx)
      } catch (error) {
        writeResult(ctx, toErrorResult(error, logError))
        return
      }
      writeResult(
        ctx,
        await invokeRoute(
          route,
          { params: ctx.params, query: ctx.query, body, headers: ctx.headers },
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

/** The limit of a binary route that names none. */
const DEFAULT_BINARY_LIMIT = 1024 * 1024

/**
 * The raw bytes of an `application/octet-stream` body (koa-body leaves such bodies unread). A declared
 * length above the limit is refused before reading; a chunked body is counted as it arrives and
 * refused once it passes the limit, so no more than `limit` bytes are ever held.
 */
async function binaryBody(ctx: Context, limit: number): Promise<Uint8Array> {
  const type = ctx.get('content-type')
  if (type !== '' && !ctx.is('application/octet-stream')) {
    throw ApiError.badRequest('Request body must be application/octet-stream')
  }
  // Closing the connection stops the client sending the rest (Node would otherwise read it to drop it).
  const tooLarge = () =>
    new ApiError(413, `Request body is larger than ${limit} bytes`, { Connection: 'close' })
  if (Number(ctx.get('content-length') || 0) > limit) throw tooLarge()
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    length += chunk.length
    if (length > limit) throw tooLarge()
    chunks.push(chunk)
  }
  return new Uint8Array(Buffer.concat(chunks, length))
}

export function writeResult(ctx: Context, result: ApiResult): void {
  ctx.status = result.status
  // Vary adds to what other middleware varies on (CORS: Origin) rather than replacing it.
  for (const [name, value] of Object.entries(result.headers ?? {}))
    if (name.toLowerCase() === 'vary') ctx.vary(value)
    else ctx.set(name, value)
  if (result.stream) {
    // Koa destroys a stream body when the client disconnects, which cancels the web stream and so
    // stops the handler's work. No buffering proxy in between should hold the events back; a route
    // that streams cacheable bytes (an immutable blob) says so with its own Cache-Control.
    const cacheable = Object.keys(result.headers ?? {}).some((name) => name.toLowerCase() === 'cache-control')
    if (!cacheable) ctx.set('Cache-Control', 'no-cache')
    ctx.set('X-Accel-Buffering', 'no')
    ctx.req.socket.setNoDelay(true)
    ctx.body = Readable.fromWeb(result.stream as NodeReadableStream<Uint8Array>)
  } else if (result.body !== undefined) ctx.body = result.body
  else ctx.body = null
}

interface FormidableFile {
  [UPLOAD_ORDER]?: number
  filepath: string
  originalFilename: string | null
  mimetype: string | null
  size: number
}

/** The text fields koa-body parsed from a form (the last of a repeated name). */
function formFields(ctx: Context): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries((ctx.request.body ?? {}) as Record<string, unknown>)) {
    const last = Array.isArray(value) ? value.at(-1) : value
    if (typeof last === 'string') fields[name] = last
  }
  return fields
}

/**
 * koa-body (formidable) has stored the parts; here they become the core's MultipartBody. A urlencoded
 * form is read as fields with no files, as FastAPI's Form() reads one. Any other body is none: `invokeRoute` refuses it as the browser host does (400, or 422 on the
 * platform API).
 */
function multipartBody(ctx: Context): MultipartBody | undefined {
  if (ctx.is('urlencoded')) return { fields: formFields(ctx), files: {} }
  if (!ctx.is('multipart')) return undefined
  const fields = formFields(ctx)
  const files: Record<string, UploadedFile[]> = {}
  for (const [name, value] of Object.entries(uploads(ctx))) {
    files[name] = value.map((file) => ({
      filename: file.originalFilename ?? 'upload',
      contentType: file.mimetype ?? 'application/octet-stream',
      size: file.size,
      // A view of the buffer readFile made for it, not a copy: copying a 72 MB upload held the
      // server's thread for a quarter of a second (issue 39).
      bytes: async () => {
        const data = await readFile(file.filepath)
        return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      },
      open: () => fileSource(file.filepath),
      // The upload stays in its temporary file: a document upload is sniffed and stored from there.
      diskPath: file.filepath,
    }))
  }
  return { fields, files }
}

function uploads(ctx: Context): Record<string, FormidableFile[]> {
  const raw = (ctx.request as { files?: Record<string, FormidableFile | FormidableFile[]> }).files ?? {}
  return Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [
      name,
      ([] as FormidableFile[]).concat(value).sort((a, b) => (a[UPLOAD_ORDER] ?? 0) - (b[UPLOAD_ORDER] ?? 0)),
    ]),
  )
}

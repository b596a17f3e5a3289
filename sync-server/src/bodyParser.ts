import type { Middleware } from 'koa'
import { koaBody } from 'koa-body'
import { ApiError } from '../../web/core/api/ApiError'
import { MALFORMED_JSON_DETAIL } from '../../web/core/api/parseJsonBody'

/** Where a file's position among the request's files is kept (see `onFileBegin`). */
export const UPLOAD_ORDER = Symbol('upload order')
let nextUpload = 0

/**
 * koa-body, set up for the route table: any JSON value is parsed (the route's schema, not the parser,
 * decides what shape is acceptable), the raw text is kept so an empty body can be told apart, and
 * parse failures become ApiErrors with the same details the browser host gives.
 */
export function bodyParser(maxUploadBytes: number, limit = '1mb'): Middleware {
  return koaBody({
    json: true,
    jsonStrict: false,
    text: true,
    urlencoded: false,
    // Uploads stream to temporary files (removed after the request by mountRoutes).
    multipart: true,
    formidable: {
      maxFileSize: maxUploadBytes,
      maxTotalFileSize: maxUploadBytes * 10,
      maxFiles: 20,
      maxFields: 50,
      maxFieldsSize: 1024 * 1024,
      // An empty upload reaches the handler, which answers with a precise 400.
      allowEmptyFiles: true,
      minFileSize: 0,
      // Formidable lists files as they finish writing, which is not always the order they were sent
      // in; their order of arrival is recorded here so that routes see them as the client sent them.
      onFileBegin: (_name: string, file: object) => {
        Object.assign(file, { [UPLOAD_ORDER]: nextUpload++ })
      },
    },
    includeUnparsed: true,
    jsonLimit: limit,
    textLimit: limit,
    onError(error) {
      const status =
        (error as { status?: number; httpCode?: number }).status ?? (error as { httpCode?: number }).httpCode
      if (status === 413 && ctxIsMultipart(error)) {
        throw new ApiError(
          413,
          `The file is larger than the upload limit of ${Math.round(maxUploadBytes / 1048576)} MB`,
        )
      }
      if (status === 413) throw new ApiError(413, `Request body is larger than ${limit}`)
      if (status === 415) throw new ApiError(415, 'Unsupported request body encoding')
      if (ctxIsMultipart(error)) throw ApiError.badRequest('Malformed multipart/form-data body')
      throw ApiError.badRequest(MALFORMED_JSON_DETAIL)
    },
  })
}

/** Formidable's errors carry a numeric `code` (1000+); co-body's do not. */
function ctxIsMultipart(error: unknown): boolean {
  return typeof (error as { code?: unknown }).code === 'number'
}

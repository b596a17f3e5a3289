import { rm } from 'node:fs/promises'
import type { Middleware } from 'koa'
import { HttpMethodEnum, koaBody, type KoaBodyMiddlewareOptions } from 'koa-body'
import { ApiError } from '../../web/core/api/ApiError'
import { exceedsJsonDepth, TOO_DEEP_JSON_DETAIL } from '../../web/core/api/exceedsJsonDepth'
import { MAX_TEXT_BYTES } from '../../web/core/api/extraction/textContext'
import { MALFORMED_JSON_DETAIL } from '../../web/core/api/parseJsonBody'

/** Where a file's position among the request's files is kept (see `onFileBegin`). */
export const UPLOAD_ORDER = Symbol('upload order')

/**
 * Room for a form's text fields together, multipart or urlencoded: `process-text-context`'s `text`
 * (MAX_TEXT_BYTES, which its schema promises) and a few small fields beside it.
 */
const FORM_FIELDS_BYTES = MAX_TEXT_BYTES + 64 * 1024
const PART_HEADERS_BYTES = 64 * 1024

export interface BodyParserOptions {
  /** MAX_UPLOAD_MB: the files of one multipart request together, so one file at most as well. */
  maxUploadBytes: number
  /** Largest JSON or text body (koa-body's notation, e.g. '16mb'). */
  jsonLimit?: string
  /** Where formidable writes upload parts (default: the OS temporary folder). */
  uploadDir?: string
}

/**
 * koa-body, set up for the route table: any JSON value is parsed (the route's schema, not the parser,
 * decides what shape is acceptable), the raw text is kept so an empty body can be told apart, and
 * parse failures become ApiErrors with the same details the browser host gives.
 *
 * Bodies are hostile input here. JSON nested deeper than MAX_JSON_DEPTH is refused (400) before any
 * handler or store recurses through it. A multipart body whose declared length is over the upload
 * limit is refused (413) before a byte of it is read, and each such 413 closes the connection, so the
 * client stops sending instead of the server reading the rest only to drop it. Upload parts live in
 * temporary files only while their request runs: each request records the files formidable opens
 * and removes them when the request ends, whatever the ending (answered by a route, no route at all,
 * a refusal, a malformed body, a client gone mid-upload).
 */
export function bodyParser(options: BodyParserOptions): Middleware {
  const jsonLimit = options.jsonLimit ?? '1mb'
  const plain = koaBody(koaBodyOptions(options, jsonLimit, []))
  const multipartLimit = options.maxUploadBytes + FORM_FIELDS_BYTES + PART_HEADERS_BYTES
  return async (ctx, next) => {
    if (!ctx.is('multipart')) {
      return plain(ctx, async () => {
        const raw = (ctx.request as { rawBody?: unknown }).rawBody
        if (typeof raw === 'string' && ctx.is('json') && exceedsJsonDepth(raw)) {
          throw ApiError.badRequest(TOO_DEEP_JSON_DETAIL)
        }
        await next()
      })
    }
    if (Number(ctx.get('content-length') || 0) > multipartLimit) throw tooLarge(options.maxUploadBytes)
    const written: string[] = []
    try {
      await koaBody(koaBodyOptions(options, jsonLimit, written))(ctx, next)
    } finally {
      // Formidable removes a failed upload's files itself, but only shortly after (and not one it
      // was still opening); removing every file it began is the one rule that covers all endings.
      await Promise.all(written.map((path) => rm(path, { force: true })))
    }
  }
}

function koaBodyOptions(
  options: BodyParserOptions,
  limit: string,
  written: string[],
): Partial<KoaBodyMiddlewareOptions> {
  return {
    json: true,
    jsonStrict: false,
    text: true,
    // Form routes read a urlencoded body as FastAPI's Form() does (fields, no files); JSON routes still
    // refuse it (mountRoutes checks the content type).
    urlencoded: true,
    multipart: true,
    // DELETE too: BrainDrive's clients send a JSON body with some (DELETE /api/v1/modelhost/delete).
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    formidable: {
      // Left out when absent: formidable would take an explicit undefined over its own default.
      ...(options.uploadDir ? { uploadDir: options.uploadDir } : {}),
      maxFileSize: options.maxUploadBytes,
      // Checked as bytes arrive (maxFileSize only once a part has ended): no more than the limit
      // ever reaches the disk, even when no Content-Length announced the size.
      maxTotalFileSize: options.maxUploadBytes,
      maxFiles: 20,
      maxFields: 50,
      maxFieldsSize: FORM_FIELDS_BYTES,
      // An empty upload reaches the handler, which answers with a precise 400.
      allowEmptyFiles: true,
      minFileSize: 0,
      // Formidable lists files as they finish writing, which is not always the order they were sent
      // in; their order of arrival is recorded here so that routes see them as the client sent them.
      onFileBegin: (_name, file) => {
        Object.assign(file, { [UPLOAD_ORDER]: written.length })
        written.push(file.filepath)
      },
      // A part with a filename is a file even without a Content-Type line, which Python's requests
      // leaves out for `files={'file': ('a.md', data)}`; formidable would read it as a text field.
      onPart: (part, handlePart) => {
        if (typeof part.originalFilename === 'string' && !part.mimetype) {
          part.mimetype = 'application/octet-stream'
        }
        handlePart(part)
      },
    },
    includeUnparsed: true,
    jsonLimit: limit,
    textLimit: limit,
    formLimit: FORM_FIELDS_BYTES,
    onError(error, ctx) {
      const status =
        (error as { status?: number; httpCode?: number }).status ?? (error as { httpCode?: number }).httpCode
      const fieldsTooLarge = new ApiError(
        413,
        `The form's text fields are larger than ${Math.round(FORM_FIELDS_BYTES / 1048576)} MB together; send a long text as a file`,
        { Connection: 'close' },
      )
      if (status === 413 && isFormidableError(error)) {
        throw (error as { code?: unknown }).code === FORMIDABLE_FIELDS_TOO_LARGE
          ? fieldsTooLarge
          : tooLarge(options.maxUploadBytes)
      }
      if (status === 413 && ctx.is('urlencoded')) throw fieldsTooLarge
      if (status === 413) {
        throw new ApiError(413, `Request body is larger than ${limit}`, { Connection: 'close' })
      }
      if (status === 415) throw new ApiError(415, 'Unsupported request body encoding')
      if (isFormidableError(error)) throw ApiError.badRequest('Malformed multipart/form-data body')
      throw ApiError.badRequest(MALFORMED_JSON_DETAIL)
    },
  }
}

function tooLarge(maxUploadBytes: number): ApiError {
  return new ApiError(
    413,
    `The file is larger than the upload limit of ${Math.round(maxUploadBytes / 1048576)} MB`,
    {
      Connection: 'close',
    },
  )
}

/** Formidable's `maxFieldsSizeExceeded`. */
const FORMIDABLE_FIELDS_TOO_LARGE = 1006

/** Formidable's errors carry a numeric `code` (1000+); co-body's do not. */
function isFormidableError(error: unknown): boolean {
  return typeof (error as { code?: unknown }).code === 'number'
}

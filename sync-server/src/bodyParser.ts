import { createWriteStream, type WriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { once } from 'node:events'
import { Writable } from 'node:stream'
import type { Middleware } from 'koa'
import { HttpMethodEnum, koaBody, type KoaBodyMiddlewareOptions } from 'koa-body'
import { ApiError } from '../../web/core/kernel/ApiError'
import { exceedsJsonDepth, TOO_DEEP_JSON_DETAIL } from '../../web/core/kernel/exceedsJsonDepth'
import { MAX_TEXT_BYTES } from '../../web/core/api/extraction/textContext'
import { MALFORMED_JSON_DETAIL } from '../../web/core/api/parseJsonBody'

/** Where a file's position among the request's files is kept (see `onFileBegin`). */
export const UPLOAD_ORDER = Symbol('upload order')

/** The most file parts one multipart request may carry; one more answers 400. */
export const MAX_FILES_PER_REQUEST = 20
/** The most text fields one multipart request may carry; one more answers 400. */
export const MAX_FIELDS_PER_REQUEST = 50

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
 * client stops sending instead of the server reading the rest only to drop it; so does the 400 for
 * more than MAX_FILES_PER_REQUEST file parts. Upload parts live in temporary files only while their
 * request runs (RequestFiles): they are removed before the answer is sent, whatever the ending
 * (answered by a route, no route at all, a refusal, a malformed body, a client gone mid-upload).
 */
export function bodyParser(options: BodyParserOptions): Middleware {
  const jsonLimit = options.jsonLimit ?? '1mb'
  const plain = koaBody(koaBodyOptions(options, jsonLimit))
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
    const files = new RequestFiles()
    try {
      await koaBody(koaBodyOptions(options, jsonLimit, files))(ctx, next)
    } finally {
      await files.removeAll()
    }
  }
}

/**
 * The temporary files of one multipart request, opened here (formidable's `fileWriteStreamHandler`)
 * so that every one of them is known and can be removed for sure.
 *
 * Formidable alone leaves files behind when it refuses a request: the parts of a chunk it had read
 * before the refusal are still handed on afterwards and open their files then, after it removed the
 * ones it knew of (and it removes those only a moment after answering). A request of 5,000 tiny parts
 * left about 490 files until a restart. So: a file part past MAX_FILES_PER_REQUEST + 1 is never handed
 * to formidable (the one past the limit is, so that formidable refuses the request); once the request
 * is refused no file reaches the disk (its writes go nowhere); and `removeAll`, which runs before the
 * answer is sent, closes every file opened and removes it.
 */
class RequestFiles {
  private readonly opened: Array<{ path: string; stream: WriteStream }> = []
  private fileParts = 0
  private ended = false

  /** The order of arrival of the next file formidable begins (see UPLOAD_ORDER). */
  began = 0

  /** Whether formidable gets this part: not once the request is refused, nor a file past the limit. */
  admits(part: { mimetype?: string | null }): boolean {
    if (this.ended) return false
    // Formidable takes every part with a Content-Type for a file.
    if (part.mimetype) this.fileParts++
    return this.fileParts <= MAX_FILES_PER_REQUEST + 1
  }

  /** Where a file's bytes go: its temporary file, or nowhere once the request is refused. */
  open(path: unknown): Writable {
    if (typeof path !== 'string' || this.ended || this.fileParts > MAX_FILES_PER_REQUEST) {
      return new Writable({ write: (_chunk, _encoding, done) => done() })
    }
    const stream = createWriteStream(path)
    this.opened.push({ path, stream })
    return stream
  }

  /** Closes every file opened (one still opening too) and removes it; nothing is opened after. */
  async removeAll(): Promise<void> {
    this.ended = true
    await Promise.all(
      this.opened.splice(0).map(async ({ path, stream }) => {
        if (!stream.closed) {
          const closed = once(stream, 'close').catch(() => undefined)
          stream.destroy()
          await closed
        }
        await rm(path, { force: true })
      }),
    )
  }
}

function koaBodyOptions(
  options: BodyParserOptions,
  limit: string,
  /** The request's files; none for the parser of bodies that are not multipart. */
  files?: RequestFiles,
): Partial<KoaBodyMiddlewareOptions> {
  return {
    json: true,
    jsonStrict: false,
    text: true,
    // Form routes read a urlencoded body as FastAPI's Form() does (fields, no files); JSON routes still
    // refuse it (mountRoutes checks the content type).
    urlencoded: true,
    multipart: files !== undefined,
    // DELETE too: BrainDrive's clients send a JSON body with some (DELETE /api/v1/modelhost/delete).
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    ...(files ? { formidable: formidableOptions(options, files) } : {}),
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
      const code = (error as { code?: unknown }).code
      if (isFormidableError(error) && code === FORMIDABLE_TOO_MANY_FILES) {
        throw new ApiError(400, `too many files in one request (at most ${MAX_FILES_PER_REQUEST})`, {
          Connection: 'close',
        })
      }
      if (isFormidableError(error) && code === FORMIDABLE_TOO_MANY_FIELDS) {
        throw new ApiError(400, `too many fields in one request (at most ${MAX_FIELDS_PER_REQUEST})`, {
          Connection: 'close',
        })
      }
      if (status === 413 && isFormidableError(error)) {
        throw code === FORMIDABLE_FIELDS_TOO_LARGE ? fieldsTooLarge : tooLarge(options.maxUploadBytes)
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

/** Formidable's settings for one multipart request, whose files `files` opens and removes. */
function formidableOptions(
  options: BodyParserOptions,
  files: RequestFiles,
): NonNullable<KoaBodyMiddlewareOptions['formidable']> {
  return {
    // Left out when absent: formidable would take an explicit undefined over its own default.
    ...(options.uploadDir ? { uploadDir: options.uploadDir } : {}),
    maxFileSize: options.maxUploadBytes,
    // Checked as bytes arrive (maxFileSize only once a part has ended): no more than the limit
    // ever reaches the disk, even when no Content-Length announced the size.
    maxTotalFileSize: options.maxUploadBytes,
    maxFiles: MAX_FILES_PER_REQUEST,
    maxFields: MAX_FIELDS_PER_REQUEST,
    maxFieldsSize: FORM_FIELDS_BYTES,
    // An empty upload reaches the handler, which answers with a precise 400.
    allowEmptyFiles: true,
    minFileSize: 0,
    // Formidable lists files as they finish writing, which is not always the order they were sent
    // in; their order of arrival is recorded here so that routes see them as the client sent them.
    onFileBegin: (_name, file) => {
      Object.assign(file, { [UPLOAD_ORDER]: files.began++ })
    },
    // Formidable gives the file its path in the upload folder (its types leave it out).
    fileWriteStreamHandler: (file) => files.open((file as { filepath?: unknown } | undefined)?.filepath),
    // A part with a filename is a file even without a Content-Type line, which Python's requests
    // leaves out for `files={'file': ('a.md', data)}`; formidable would read it as a text field.
    onPart: (part, handlePart) => {
      if (typeof part.originalFilename === 'string' && !part.mimetype) {
        part.mimetype = 'application/octet-stream'
      }
      if (files.admits(part)) handlePart(part)
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

/** Formidable's `maxFieldsSizeExceeded`, `maxFieldsExceeded` and `maxFilesExceeded` (all 413 there). */
const FORMIDABLE_FIELDS_TOO_LARGE = 1006
const FORMIDABLE_TOO_MANY_FIELDS = 1007
const FORMIDABLE_TOO_MANY_FILES = 1015

/** Formidable's errors carry a numeric `code` (1000+); co-body's do not. */
function isFormidableError(error: unknown): boolean {
  return typeof (error as { code?: unknown }).code === 'number'
}

import type { z } from 'zod'
import { ApiError } from '../../../web/core/kernel/ApiError'
import type { ApiResult } from '../../../web/core/kernel/ApiResult'
import { errorSchema } from '../../../web/core/api/errorSchema'
import { binaryBody, defineRoute, type Route } from '../../../web/core/api/Route'
import type { FileStore } from '../../../web/core/store/FileStore'
import { BlobHashMismatch, BlobPartConflict } from './BlobParts'
import type { BlobPorts } from './blobPorts'
import {
  blobConflictSchema,
  blobKeyParams,
  blobStatusSchema,
  MAX_PART_BYTES,
  parseContentRange,
  parseRange,
} from './blobSchemas'

const tags = ['Sync']
const platform = { errorStyle: 'platform' as const, tags }
const NOT_FOUND = 'Blob not found'
const MIB = 1024 * 1024

const BLOBS =
  'Blobs are the files sync moves outside the change log (a document’s original file, its processed chunks and vectors), named by the lowercase hex SHA-256 of their bytes. They live in the caller’s own file store, the same one the document routes use, so nobody else’s blobs are ever reachable (404). A path key that is not 64 lowercase hex digits answers 404.'

const status = (key: string, size: number) => ({ key, complete: true, received: size, size })

/** Stores a blob whose partial upload holds every byte (after a crash); a bad hash just loses the partial. */
async function settled(ports: BlobPorts, key: string): Promise<boolean> {
  try {
    return await ports.parts.settle(key, (bytes) => ports.files.put(bytes))
  } catch (error) {
    if (error instanceof BlobHashMismatch) return false
    throw error
  }
}

async function storedSize(files: FileStore, key: string): Promise<number | undefined> {
  return (await files.get(key))?.length
}

/** Content-addressed blob transfer for sync (issue 8): resumable uploads in parts, ranged downloads. */
export const blobRoutes: Array<Route<z.ZodType, z.ZodType, z.ZodType, BlobPorts>> = [
  defineRoute({
    ...platform,
    method: 'get',
    path: '/api/v1/sync/blobs/:key/status',
    operationId: 'syncBlobStatus',
    summary: 'How much of a blob the server holds',
    description: `${BLOBS} \`complete\` is true when the blob is stored; \`received\` and \`size\` are then its length. Otherwise \`received\` is how many bytes of an unfinished upload the server holds (0 when none), which is where the upload resumes, and \`size\` the total that upload declared (null when none). Unfinished uploads are kept across restarts (on disk; with PostgreSQL in the database, where any instance continues them). An upload that holds every byte but was not stored yet (the server stopped in between) is stored here, or discarded if its bytes do not hash to the key.`,
    params: blobKeyParams,
    notFoundDetail: NOT_FOUND,
    responses: {
      200: { description: 'The blob’s status', schema: blobStatusSchema },
      404: { description: 'Malformed key', schema: errorSchema },
    },
    async handler({ params }, ports) {
      const size = await storedSize(ports.files, params.key)
      if (size !== undefined) return { status: 200, body: status(params.key, size) }
      if (await settled(ports, params.key)) {
        const stored = await storedSize(ports.files, params.key)
        if (stored !== undefined) return { status: 200, body: status(params.key, stored) }
      }
      const held = await ports.parts.status(params.key)
      return { status: 200, body: { key: params.key, complete: false, ...held } }
    },
  }),
  defineRoute({
    ...platform,
    method: 'put',
    path: '/api/v1/sync/blobs/:key',
    operationId: 'syncUploadBlobPart',
    summary: 'Upload one part of a blob',
    description: `${BLOBS} The body is the raw bytes of one part (\`application/octet-stream\`, at most ${MAX_PART_BYTES / MIB} MiB, else 413) and \`Content-Range: bytes <first>-<last>/<total>\` says where it goes (a missing or malformed header, or a body whose length is not last - first + 1, is 400). Parts are appended in order: \`first\` must equal the bytes the server already holds, else 409 \`{detail, received}\` and the client resumes from \`received\` (ask \`/status\` after a lost answer). A total other than the one the upload started with is 409 too, and so is a part sent while another part of the same blob is being written (appends of one key never interleave). Blobs larger than the server’s limit (512 MiB by default) are 413. Zero-byte blobs are refused with 400: there is nothing to transfer, and \`Content-Range\` cannot name a byte of them. When the last byte arrives the whole blob is hashed: if its SHA-256 is not the key the upload is discarded and answered 422 \`{detail}\` (start again from 0); else it is stored and the answer says \`complete: true\`. A PUT for a blob already stored answers 200 \`complete: true\` at once, whatever it carries, so a retried last part is harmless. Unfinished uploads survive a server restart, and with PostgreSQL a part may go to any instance of the deployment.`,
    params: blobKeyParams,
    notFoundDetail: NOT_FOUND,
    bodyType: 'binary',
    body: binaryBody,
    maxBodyBytes: MAX_PART_BYTES,
    responses: {
      200: {
        description: 'The part was appended (or the blob was already stored)',
        schema: blobStatusSchema,
      },
      400: {
        description: 'Missing or malformed Content-Range, or a body of another length',
        schema: errorSchema,
      },
      404: { description: 'Malformed key', schema: errorSchema },
      409: {
        description: 'The part does not continue the upload; resume from `received`',
        schema: blobConflictSchema,
      },
      413: { description: 'A part over 8 MiB, or a blob over the server’s limit', schema: errorSchema },
      422: { description: 'The bytes do not hash to the key; the upload was discarded', schema: errorSchema },
    },
    async handler({ params, body, headers }, ports): Promise<ApiResult> {
      const { key } = params
      const size = await storedSize(ports.files, key)
      if (size !== undefined) {
        await ports.parts.discard(key)
        return { status: 200, body: status(key, size) }
      }
      if (headers['content-range']?.trim() === 'bytes */0') {
        throw ApiError.badRequest('Zero-byte blobs are not uploaded: there is nothing to transfer')
      }
      const range = parseContentRange(headers['content-range'])
      if (!range) {
        throw ApiError.badRequest(
          'Content-Range must be `bytes <first>-<last>/<total>` with first <= last < total',
        )
      }
      if (range.total > ports.maxBlobBytes) {
        throw new ApiError(413, `Blobs may be at most ${Math.floor(ports.maxBlobBytes / MIB)} MiB`)
      }
      const length = range.last - range.first + 1
      if (length > MAX_PART_BYTES) throw new ApiError(413, `Parts may be at most ${MAX_PART_BYTES / MIB} MiB`)
      if (body.length !== length) {
        throw ApiError.badRequest(`Content-Range names ${length} bytes but the body has ${body.length}`)
      }
      try {
        const result = await ports.parts.append(key, range.first, range.total, body, (bytes) =>
          ports.files.put(bytes),
        )
        return { status: 200, body: { key, ...result } }
      } catch (error) {
        if (error instanceof BlobPartConflict) {
          return { status: 409, body: { detail: error.message, received: error.received } }
        }
        if (error instanceof BlobHashMismatch) throw new ApiError(422, error.message)
        throw error
      }
    },
  }),
  defineRoute({
    ...platform,
    method: 'get',
    path: '/api/v1/sync/blobs/:key',
    operationId: 'syncDownloadBlob',
    summary: 'Download a blob',
    description: `${BLOBS} Answers the bytes (\`application/octet-stream\`, with Content-Length) and \`ETag: "<key>"\`; the content of a key never changes, so the answer may be cached for a year (\`Cache-Control: private, max-age=31536000, immutable\`) and \`If-None-Match\` with the ETag answers 304. A single \`Range: bytes=a-b\`, \`bytes=a-\` or \`bytes=-n\` answers 206 with those bytes and \`Content-Range\`; a range starting beyond the end is 416 (with \`Content-Range: bytes */<size>\`); several ranges, or a malformed one, are ignored and the whole blob is sent. 404 when the blob is not stored (an unfinished upload is not stored).`,
    params: blobKeyParams,
    notFoundDetail: NOT_FOUND,
    responses: {
      200: { description: 'The whole blob', contentType: 'application/octet-stream' },
      206: { description: 'The requested range', contentType: 'application/octet-stream' },
      304: { description: 'Not modified (If-None-Match named this blob)' },
      404: { description: 'Not stored, or a malformed key', schema: errorSchema },
      416: { description: 'The range starts beyond the end', schema: errorSchema },
    },
    async handler({ params, headers }, { files }): Promise<ApiResult> {
      const bytes = await files.get(params.key)
      if (!bytes) throw ApiError.notFound(NOT_FOUND)
      const etag = `"${params.key}"`
      const common = {
        ETag: etag,
        'Cache-Control': 'private, max-age=31536000, immutable',
        'Accept-Ranges': 'bytes',
      }
      const ifNoneMatch = headers['if-none-match']
      if (
        ifNoneMatch &&
        (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => t.trim() === etag))
      ) {
        return { status: 304, headers: common }
      }
      const range = parseRange(headers.range, bytes.length)
      if (range === 'unsatisfiable') {
        throw new ApiError(416, `The blob has ${bytes.length} bytes`, {
          'Content-Range': `bytes */${bytes.length}`,
        })
      }
      const part = range ? bytes.subarray(range.start, range.end + 1) : bytes
      return {
        status: range ? 206 : 200,
        // ApiResult carries bytes as a stream (as the document file route does); the host passes it on.
        stream: new Response(part as Uint8Array<ArrayBuffer>).body ?? undefined,
        headers: {
          ...common,
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(part.length),
          ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${bytes.length}` } : {}),
        },
      }
    },
  }),
]

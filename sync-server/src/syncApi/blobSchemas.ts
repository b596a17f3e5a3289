import { z } from 'zod'
import { FILE_KEY } from '../../../web/core/store/FileStore'

/** Largest part of one PUT (8 MiB); the client sends 4 MiB by default. */
export const MAX_PART_BYTES = 8 * 1024 * 1024

/** A blob is named by the SHA-256 of its bytes; anything else names nothing (404). */
export const blobKeyParams = z.object({
  key: z.string().regex(FILE_KEY).describe('The lowercase hex SHA-256 of the blob’s bytes'),
})

export const blobStatusSchema = z
  .object({
    key: z.string(),
    complete: z.boolean().describe('Whether the blob is stored (uploads of it are done)'),
    received: z
      .int()
      .min(0)
      .describe('Bytes held: the whole size when complete, else those of the partial upload (0: none)'),
    size: z
      .int()
      .min(0)
      .nullable()
      .describe('The blob’s size when complete, else the total declared by the partial upload (null: none)'),
  })
  .meta({ id: 'BlobStatus' })

export const blobConflictSchema = z
  .object({
    detail: z.string(),
    received: z.int().min(0).describe('Bytes the server holds: resume the upload from this offset'),
  })
  .meta({ id: 'BlobConflict' })

/** `Content-Range: bytes <first>-<last>/<total>` of a part; `undefined` when absent or malformed. */
export function parseContentRange(
  header: string | undefined,
): { first: number; last: number; total: number } | undefined {
  const match = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(header?.trim() ?? '')
  if (!match) return undefined
  const [first, last, total] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (first > last || last >= total) return undefined
  return { first, last, total }
}

/**
 * A single `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` over `size` bytes: the inclusive span, or
 * 'unsatisfiable' (416). Anything else (absent, malformed, several ranges) is `undefined`: the whole
 * blob is sent, as RFC 9110 allows a server to ignore a Range it does not handle.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? '')
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(match[1])
  if (match[2] !== '' && Number(match[2]) < start) return undefined
  if (start >= size) return 'unsatisfiable'
  const end = match[2] === '' ? size - 1 : Number(match[2])
  return { start, end: Math.min(end, size - 1) }
}

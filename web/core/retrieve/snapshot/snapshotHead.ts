import type { VectorRowsSummary } from '../index/UnreadVectorRows'
import { checksum32 } from './checksum32'
import { INDEX_SNAPSHOT_FORMAT, INDEX_SNAPSHOT_VERSION } from './IndexSnapshot'

/**
 * The head of a version 2 snapshot (`encodeIndexSnapshot`): the covered documents, each part's
 * length and checksum (BM25's, then each embedder's vector rows), and each embedder's summary.
 */
export interface SnapshotHead {
  covered: Map<string, string | null>
  /** Where each part lies in the snapshot, and its checksum (`checksum32`). */
  parts: Array<{ start: number; end: number; checksum: number }>
  vectors: Array<{ embedder: string } & VectorRowsSummary>
}

/** Bytes read first from a snapshot read in ranges: its head, in one read for up to some thousand documents. */
export const SNAPSHOT_FIRST_READ = 64 * 1024

/** How many bytes of the snapshot its head takes (its length, the head, its checksum), from its first bytes. */
export function snapshotHeadBytes(first: Uint8Array, size: number): number {
  if (first.length < 4 || size < 8) throw new RangeError('not an index snapshot')
  const length = new DataView(first.buffer, first.byteOffset, 4).getUint32(0, true)
  if (8 + length > size) throw new RangeError('truncated')
  return 8 + length
}

/**
 * Reads the head from the snapshot's first `snapshotHeadBytes` bytes (more may follow) of a snapshot of
 * `size` bytes. 'version 1': a snapshot of the format before (one checksum over all of it, read whole by
 * `decodeIndexSnapshot`). Throws a RangeError saying why on anything else: damaged, another format or
 * version, parts that do not fill the snapshot.
 */
export function readSnapshotHead(bytes: Uint8Array, size: number): SnapshotHead | 'version 1' {
  const end = snapshotHeadBytes(bytes, size)
  if (bytes.length < end) throw new RangeError('truncated')
  const json = bytes.subarray(4, end - 4)
  let head: Record<string, unknown> | undefined
  try {
    head = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json)) as Record<string, unknown>
  } catch {
    head = undefined
  }
  const claimed = head?.format === INDEX_SNAPSHOT_FORMAT
  // Version 1's header is followed by BM25's length, not a checksum: its own checksum is at its end.
  if (claimed && head!.version === 1) return 'version 1'
  const stored = new DataView(bytes.buffer, bytes.byteOffset + end - 4, 4).getUint32(0, true)
  if (checksum32(json) !== stored) throw new RangeError('its checksum does not match: damaged')
  if (!claimed) throw new RangeError('not an index snapshot')
  if (head!.version !== INDEX_SNAPSHOT_VERSION) {
    throw new RangeError(
      `snapshot format ${String(head!.version)}, this build reads ${INDEX_SNAPSHOT_VERSION} (and 1)`,
    )
  }
  const { covered, parts, vectors } = head!
  if (!Array.isArray(covered) || !covered.every(isCoveredEntry)) throw new RangeError('unreadable documents')
  if (!Array.isArray(vectors) || !vectors.every(isVectorsEntry)) throw new RangeError('unreadable embedders')
  if (new Set(vectors.map((entry) => entry.embedder)).size !== vectors.length) {
    throw new RangeError('an embedder twice')
  }
  if (!Array.isArray(parts) || parts.length !== vectors.length + 1 || !parts.every(isPartEntry)) {
    throw new RangeError('unreadable parts')
  }
  let at = end
  const placed = parts.map(({ length, checksum }) => ({ start: at, end: (at += length), checksum }))
  if (at !== size) throw new RangeError(`${size} bytes, its parts take ${at}`)
  return { covered: new Map(covered), parts: placed, vectors }
}

/** The head's bytes: its length (u32), the JSON, its checksum (u32). */
export function encodeSnapshotHead(json: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + json.length)
  out.set(json, 4)
  const view = new DataView(out.buffer)
  view.setUint32(0, json.length, true)
  view.setUint32(out.length - 4, checksum32(out.subarray(4, out.length - 4)), true)
  return out
}

export function isCoveredEntry(entry: unknown): entry is [string, string | null] {
  return (
    Array.isArray(entry) &&
    entry.length === 2 &&
    typeof entry[0] === 'string' &&
    (typeof entry[1] === 'string' || entry[1] === null)
  )
}

function isVectorsEntry(entry: unknown): entry is { embedder: string } & VectorRowsSummary {
  const { embedder, count, dimensions, collections } = (entry ?? {}) as Record<string, unknown>
  return (
    typeof embedder === 'string' &&
    isCount(count) &&
    isCount(dimensions) &&
    dimensions > 0 &&
    Array.isArray(collections) &&
    collections.every((id) => typeof id === 'string')
  )
}

function isPartEntry(entry: unknown): entry is { length: number; checksum: number } {
  const { length, checksum } = (entry ?? {}) as Record<string, unknown>
  return isCount(length) && isCount(checksum) && checksum <= 0xffff_ffff
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

import { ByteReader } from '../index/ByteSections'
import { checksum32 } from './checksum32'
import { INDEX_SNAPSHOT_FORMAT, type IndexSnapshot } from './IndexSnapshot'
import { isCoveredEntry, readSnapshotHead } from './snapshotHead'

/**
 * Reads what `encodeIndexSnapshot` wrote, whole (the server's store reads it so; a store that reads
 * ranges uses `readIndexSnapshot`), and a snapshot of version 1 (`outdated`). Throws a RangeError saying
 * why on anything else: another format or version, a truncated, damaged or malformed snapshot. Every
 * part's checksum is checked; the parts' own bytes are checked when the index is made of them
 * (`SearchIndex.fromBytes`).
 */
export function decodeIndexSnapshot(bytes: Uint8Array): IndexSnapshot {
  const head = readSnapshotHead(bytes, bytes.length)
  if (head === 'version 1') return decodeVersion1(bytes)
  const [bm25, ...rows] = head.parts.map((part) =>
    checkedPart(bytes.subarray(part.start, part.end), part.checksum),
  )
  return {
    covered: head.covered,
    index: { bm25: bm25!, vectors: head.vectors.map(({ embedder }, i) => ({ embedder, rows: rows[i]! })) },
  }
}

/** The part's bytes when they match their checksum; a RangeError when not. */
export function checkedPart(bytes: Uint8Array, checksum: number): Uint8Array {
  if (checksum32(bytes) !== checksum) throw new RangeError("a part's checksum does not match: damaged")
  return bytes
}

/**
 * Version 1 (before format 2, docs/decisions/0009-snapshot-format-2.md): a JSON header (format, version,
 * the covered documents, the embedders), BM25's bytes and each embedder's rows (`ByteSections`), then one
 * checksum over all of it (u32).
 */
function decodeVersion1(bytes: Uint8Array): IndexSnapshot {
  if (bytes.length < 4) throw new RangeError('not an index snapshot')
  const body = bytes.subarray(0, bytes.length - 4)
  const stored = new DataView(bytes.buffer, bytes.byteOffset + body.length, 4).getUint32(0, true)
  if (checksum32(body) !== stored) throw new RangeError('its checksum does not match: damaged')
  const reader = new ByteReader(body)
  const header = reader.json() as { format?: unknown; covered?: unknown; embedders?: unknown }
  if (header?.format !== INDEX_SNAPSHOT_FORMAT) throw new RangeError('not an index snapshot')
  const { covered, embedders } = header
  if (!Array.isArray(covered) || !covered.every(isCoveredEntry)) throw new RangeError('unreadable documents')
  if (!Array.isArray(embedders) || !embedders.every((embedder) => typeof embedder === 'string')) {
    throw new RangeError('unreadable embedders')
  }
  const bm25 = reader.bytes()
  const vectors = (embedders as string[]).map((embedder) => ({ embedder, rows: reader.bytes() }))
  reader.end()
  return { covered: new Map(covered), index: { bm25, vectors }, outdated: true }
}

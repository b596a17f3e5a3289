import { ByteReader } from '../index/ByteSections'
import { checksum32 } from './checksum32'
import { INDEX_SNAPSHOT_FORMAT, INDEX_SNAPSHOT_VERSION, type IndexSnapshot } from './IndexSnapshot'

/**
 * Reads what `encodeIndexSnapshot` wrote. Throws a RangeError saying why on anything else: another
 * format or version, a truncated, damaged or malformed snapshot. The parts' own bytes are checked when the
 * index is made of them (`SearchIndex.fromBytes`).
 */
export function decodeIndexSnapshot(bytes: Uint8Array): IndexSnapshot {
  if (bytes.length < 4) throw new RangeError('not an index snapshot')
  const body = bytes.subarray(0, bytes.length - 4)
  const stored = new DataView(bytes.buffer, bytes.byteOffset + body.length, 4).getUint32(0, true)
  if (checksum32(body) !== stored) throw new RangeError('its checksum does not match: damaged')
  const reader = new ByteReader(body)
  const header = reader.json() as {
    format?: unknown
    version?: unknown
    covered?: unknown
    embedders?: unknown
  }
  if (header?.format !== INDEX_SNAPSHOT_FORMAT) throw new RangeError('not an index snapshot')
  if (header.version !== INDEX_SNAPSHOT_VERSION) {
    throw new RangeError(
      `snapshot format ${String(header.version)}, this build reads ${INDEX_SNAPSHOT_VERSION}`,
    )
  }
  const { covered, embedders } = header
  if (!Array.isArray(covered) || !covered.every(isCoveredEntry)) throw new RangeError('unreadable documents')
  if (!Array.isArray(embedders) || !embedders.every((embedder) => typeof embedder === 'string')) {
    throw new RangeError('unreadable embedders')
  }
  const bm25 = reader.bytes()
  const vectors = (embedders as string[]).map((embedder) => ({ embedder, rows: reader.bytes() }))
  reader.end()
  return { covered: new Map(covered), index: { bm25, vectors } }
}

function isCoveredEntry(entry: unknown): entry is [string, string | null] {
  return (
    Array.isArray(entry) &&
    entry.length === 2 &&
    typeof entry[0] === 'string' &&
    (typeof entry[1] === 'string' || entry[1] === null)
  )
}

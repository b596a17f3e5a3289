import { bm25PoolOffset } from '../index/bm25Bytes'
import { ByteWriter } from '../index/ByteSections'
import { checksum32 } from './checksum32'
import { INDEX_SNAPSHOT_FORMAT, INDEX_SNAPSHOT_VERSION, type IndexSnapshot } from './IndexSnapshot'

/**
 * The snapshot as one byte string: a JSON header (format, version, the covered documents, the
 * embedders), then BM25's bytes, then each embedder's vector rows (`ByteSections`), then the
 * checksum of all that (u32, `checksum32`).
 *
 * The header ends in as many spaces (0-3) as put BM25's postings pool on a 4-byte boundary of the
 * snapshot: a snapshot is read into a buffer of its own, and the load then reads the pool in place
 * (`ByteReader.intsInPlace`) rather than copy it (0.15 s of a cold start at 139k passages). JSON reads
 * the spaces as nothing, so this is still format 1, and one written without them loads as before.
 */
export function encodeIndexSnapshot({ covered, index }: IndexSnapshot): Uint8Array {
  const header = JSON.stringify({
    format: INDEX_SNAPSHOT_FORMAT,
    version: INDEX_SNAPSHOT_VERSION,
    covered: [...covered],
    embedders: index.vectors.map((vectors) => vectors.embedder),
  })
  const encoder = new TextEncoder()
  // Header length, header, BM25's length, then BM25's bytes.
  const misaligned = (8 + encoder.encode(header).length + bm25PoolOffset(index.bm25)) % 4
  const writer = new ByteWriter().bytes(encoder.encode(header + ' '.repeat((4 - misaligned) % 4)))
  writer.bytes(index.bm25)
  for (const { rows } of index.vectors) writer.bytes(rows)
  const body = writer.finish()
  const bytes = new Uint8Array(body.length + 4)
  bytes.set(body)
  new DataView(bytes.buffer).setUint32(body.length, checksum32(body), true)
  return bytes
}

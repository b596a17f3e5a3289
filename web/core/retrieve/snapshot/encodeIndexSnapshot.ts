import { ByteWriter } from '../index/ByteSections'
import { checksum32 } from './checksum32'
import { INDEX_SNAPSHOT_FORMAT, INDEX_SNAPSHOT_VERSION, type IndexSnapshot } from './IndexSnapshot'

/**
 * The snapshot as one byte string: a JSON header (format, version, the covered documents, the
 * embedders), then BM25's bytes, then each embedder's vector rows (`ByteSections`), then the
 * checksum of all that (u32, `checksum32`).
 */
export function encodeIndexSnapshot({ covered, index }: IndexSnapshot): Uint8Array {
  const writer = new ByteWriter().json({
    format: INDEX_SNAPSHOT_FORMAT,
    version: INDEX_SNAPSHOT_VERSION,
    covered: [...covered],
    embedders: index.vectors.map((vectors) => vectors.embedder),
  })
  writer.bytes(index.bm25)
  for (const { rows } of index.vectors) writer.bytes(rows)
  const body = writer.finish()
  const bytes = new Uint8Array(body.length + 4)
  bytes.set(body)
  new DataView(bytes.buffer).setUint32(body.length, checksum32(body), true)
  return bytes
}

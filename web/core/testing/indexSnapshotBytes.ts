import { ByteWriter } from '../retrieve/index/ByteSections'
import { SearchIndex } from '../retrieve/index/SearchIndex'
import { encodeIndexSnapshot } from '../retrieve/snapshot/encodeIndexSnapshot'
import { checksum32 } from '../retrieve/snapshot/checksum32'
import { INDEX_SNAPSHOT_FORMAT, type IndexSnapshot } from '../retrieve/snapshot/IndexSnapshot'

/**
 * A snapshot as version 1 wrote it (before format 2, docs/decisions/0009-snapshot-format-2.md): a JSON
 * header, BM25's bytes and each embedder's rows (`ByteSections`), then one checksum over all of it.
 * Every embedder's rows must be bytes.
 */
export function encodeVersion1Snapshot({ covered, index }: IndexSnapshot): Uint8Array {
  const writer = new ByteWriter().json({
    format: INDEX_SNAPSHOT_FORMAT,
    version: 1,
    covered: [...covered],
    embedders: index.vectors.map((vectors) => vectors.embedder),
  })
  writer.bytes(index.bm25)
  for (const { rows } of index.vectors) writer.bytes(rows as Uint8Array)
  const body = writer.finish()
  const bytes = new Uint8Array(body.length + 4)
  bytes.set(body)
  new DataView(bytes.buffer).setUint32(body.length, checksum32(body), true)
  return bytes
}

/** A snapshot of one passage per word, each with a vector of `test-v1`. */
export function snapshotBytes(words: readonly string[]): Uint8Array {
  const index = SearchIndex.fromChunks(
    words.map((word, i) => ({
      id: `p${i}`,
      document_id: 'd1',
      collection_id: 'c1',
      index: i,
      text: `A passage about ${word}`,
      page: null,
      heading: null,
      token_count: 4,
      embedder: 'test-v1',
      vector: Float32Array.of(1, i, 0),
    })),
  )
  return encodeIndexSnapshot({ covered: new Map([['d1', '1:1']]), index: index.toBytes() })
}

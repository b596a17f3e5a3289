import { summarizeVectorRows } from '../index/UnreadVectorRows'
import { checksum32 } from './checksum32'
import { INDEX_SNAPSHOT_FORMAT, INDEX_SNAPSHOT_VERSION, type IndexSnapshot } from './IndexSnapshot'
import { encodeSnapshotHead } from './snapshotHead'

/**
 * The snapshot as one byte string, version 2: its head (`encodeSnapshotHead`: a JSON of the covered
 * documents, each part's length and checksum, each embedder's rows' summary), then the parts: BM25's
 * bytes, then each embedder's vector rows. A part has its own checksum so that a reader can read and
 * check one part without the others (`readIndexSnapshot`): a cold start reads the head and BM25, and the
 * vector rows only when a search needs them (with hash-v1, most never do).
 *
 * Every embedder's rows must have been read (`SearchIndex.toBytesInSteps` reads them).
 */
export function encodeIndexSnapshot({ covered, index }: IndexSnapshot): Uint8Array {
  const vectors = index.vectors.map(({ embedder, rows }) => {
    if (!(rows instanceof Uint8Array)) throw new TypeError(`${embedder}'s vector rows were never read`)
    return { embedder, rows }
  })
  const parts = [index.bm25, ...vectors.map(({ rows }) => rows)]
  const json = new TextEncoder().encode(
    JSON.stringify({
      format: INDEX_SNAPSHOT_FORMAT,
      version: INDEX_SNAPSHOT_VERSION,
      covered: [...covered],
      parts: parts.map((part) => ({ length: part.length, checksum: checksum32(part) })),
      vectors: vectors.map(({ embedder, rows }) => ({ embedder, ...summarizeVectorRows(rows, embedder) })),
    }),
  )
  const head = encodeSnapshotHead(json)
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, head.length))
  out.set(head)
  let at = head.length
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

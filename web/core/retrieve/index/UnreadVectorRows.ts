import { vectorRowsHeader } from './decodeVectorRows'
import { vectorRowsTables } from './vectorRowsTables'

/**
 * What a search asks of an embedder's vector rows before its vector pass: how many there are, their
 * dimensions (a new chunk's vector is checked against them), and which collections have any. The index
 * snapshot's head carries it for each embedder, so that the rows themselves need not be read for it.
 */
export interface VectorRowsSummary {
  count: number
  dimensions: number
  /** The collections with at least one row, each once. */
  collections: readonly string[]
}

/**
 * An embedder's vector rows (`VectorIndex.toBytes`) not read yet: a snapshot read a range at a time
 * (`../snapshot/readIndexSnapshot`) reads them when a search first needs them (`LazyVectorRows`). With
 * hash-v1, weighted 0 in fusion, most searches never do, and a cold start at 139k passages read 67 MB
 * of rows of its 117 MB snapshot for nothing.
 */
export interface UnreadVectorRows extends VectorRowsSummary {
  /**
   * The rows' bytes, checked against the snapshot's checksum; rejects with a RangeError when
   * unreadable. With `pause`, read a range at a time, `pause` awaited between ranges.
   */
  read(pause?: () => Promise<void>): Promise<Uint8Array>
}

/**
 * The summary of `embedder`'s rows as `VectorIndex.toBytes` wrote them (the tables only, nothing
 * decoded). Throws a RangeError when the bytes do not read so.
 */
export function summarizeVectorRows(bytes: Uint8Array, embedder: string): VectorRowsSummary {
  const { count, dimensions } = vectorRowsHeader(bytes)
  const tables = vectorRowsTables(bytes)
  if (!tables) throw new RangeError(`Cannot read the tables of ${embedder}'s vector rows`)
  const code = tables.embedders.indexOf(embedder)
  const used = new Uint8Array(tables.collections.length)
  for (let row = 0; row < count; row++) {
    if (tables.embedderOf[row] === code) used[tables.collectionOf[row]!] = 1
  }
  return { count, dimensions, collections: tables.collections.filter((_, i) => used[i] === 1) }
}

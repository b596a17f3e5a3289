import { vectorRowsHeader } from './decodeVectorRows'
import { VectorIndex } from './VectorIndex'
import { vectorRowsTables, type VectorRowsTables } from './vectorRowsTables'

/**
 * One embedder's vector rows as a snapshot holds them (`VectorIndex.toBytes`), decoded into a
 * `VectorIndex` only when first needed (`SearchIndex.fromBytes`). At 139k rows decoding takes
 * 0.3-0.4 s (the codes copied and summed, the ids parsed and mapped), and with hash-v1, weighted 0 in
 * fusion, most searches never run the vector pass: a cold start's first search waited for rows it
 * did not read. What a search asks before the pass (the row count, which collections have rows) is
 * answered from the bytes' header and tables (`vectorRowsTables`).
 *
 * The header is checked at once (`vectorRowsHeader`: format, version, length), so a snapshot of
 * another format is still refused when it is loaded; what only a full decode checks (steps and
 * residuals that are lengths, codes within -127..127, readable and unique ids) is checked then. The
 * bytes are the snapshot's own, unchanged: they are what `toBytes` gives back until decoded.
 */
export class LazyVectorRows {
  readonly count: number
  private tables: VectorRowsTables | undefined | null = null

  constructor(readonly bytes: Uint8Array) {
    this.count = vectorRowsHeader(bytes).count
  }

  /** The rows as a `VectorIndex`; throws a RangeError as `VectorIndex.fromBytes` does. */
  decode(): VectorIndex {
    return VectorIndex.fromBytes(this.bytes)
  }

  /**
   * Whether any row was made by `embedder` (in one of `collectionIds`, when given), as
   * `VectorIndex.hasRows` answers; undefined when the tables cannot be read without decoding.
   */
  hasRows(embedder: string, collectionIds?: readonly string[]): boolean | undefined {
    if (this.tables === null) this.tables = vectorRowsTables(this.bytes)
    const tables = this.tables
    if (tables === undefined) return undefined
    const code = tables.embedders.indexOf(embedder)
    if (code < 0) return false
    let allowed: Uint8Array | null = null
    if (collectionIds !== undefined) {
      allowed = new Uint8Array(tables.collections.length)
      for (const id of collectionIds) {
        const collection = tables.collections.indexOf(id)
        if (collection >= 0) allowed[collection] = 1
      }
    }
    const { collectionOf, embedderOf } = tables
    for (let row = 0; row < this.count; row++) {
      if (embedderOf[row] === code && (allowed === null || allowed[collectionOf[row]!] === 1)) return true
    }
    return false
  }
}

import { vectorRowsHeader } from './decodeVectorRows'
import type { UnreadVectorRows } from './UnreadVectorRows'
import { VectorIndex } from './VectorIndex'
import { vectorRowsTables, type VectorRowsTables } from './vectorRowsTables'

/**
 * One embedder's vector rows as a snapshot holds them (`VectorIndex.toBytes`), decoded into a
 * `VectorIndex` only when first needed (`SearchIndex.fromBytes`). At 139k rows decoding takes
 * 0.3-0.4 s (the codes copied and summed, the ids parsed and mapped), and with hash-v1, weighted 0 in
 * fusion, most searches never run the vector pass: a cold start's first search waited for rows it
 * did not read. What a search asks before the pass (the row count, which collections have rows) is
 * answered from the bytes' header and tables (`vectorRowsTables`), or, for rows not read yet
 * (`UnreadVectorRows`: the browser's snapshot is read a range at a time), from the snapshot's summary.
 *
 * Unread rows are read with `read()` (once; the caller decides when). Changes made to the index
 * before then are kept in order (`later`) and applied to the rows as they are decoded; while any are
 * kept, `hasRows` does not answer (the summary no longer says) and the caller reads first.
 *
 * The header is checked at once (`vectorRowsHeader`: format, version, length; of read rows, that it
 * agrees with the summary), so a snapshot of another format is still refused when it is loaded; what
 * only a full decode checks (steps and residuals that are lengths, codes within -127..127, readable
 * and unique ids) is checked then. The bytes are the snapshot's own, unchanged: they are what `toBytes`
 * gives back until decoded.
 */
export class LazyVectorRows {
  readonly count: number
  readonly dimensions: number
  private held: Uint8Array | undefined
  private reading: Promise<void> | undefined
  /** Set once something waits for the rows: a read or decode in steps under way pauses no more. */
  private hurried = false
  private hurryNow: () => void = () => {}
  private readonly hurrying = new Promise<void>((resolve) => (this.hurryNow = resolve))
  private readonly unread: UnreadVectorRows | undefined
  private tables: VectorRowsTables | undefined | null = null
  private readonly changes: Array<(index: VectorIndex) => void> = []

  constructor(rows: Uint8Array | UnreadVectorRows) {
    if (rows instanceof Uint8Array) {
      const header = vectorRowsHeader(rows)
      this.held = rows
      this.count = header.count
      this.dimensions = header.dimensions
    } else {
      this.unread = rows
      this.count = rows.count
      this.dimensions = rows.dimensions
    }
  }

  /** Whether the bytes are in memory (`bytes`, `decode`). */
  get isRead(): boolean {
    return this.held !== undefined
  }

  /** The rows' bytes; only once read. */
  get bytes(): Uint8Array {
    if (!this.held) throw new Error('Vector rows not read yet')
    return this.held
  }

  /** Whether changes wait for the rows (`later`). */
  get changed(): boolean {
    return this.changes.length > 0
  }

  /**
   * Reads unread rows (once: later calls share the read) and checks their header against the summary.
   * Rejects with a RangeError when they cannot be read or do not agree. With `pause`, a range at a
   * time, `pause` awaited between ranges until `hurry` (a call without `pause` hurries a read under way).
   */
  read(pause?: () => Promise<void>): Promise<void> {
    if (this.held) return Promise.resolve()
    if (!pause) this.hurry()
    this.reading ??= this.unread!.read(pause && this.unlessHurried(pause)).then((bytes) => {
      const { count, dimensions } = vectorRowsHeader(bytes)
      if (count !== this.count || dimensions !== this.dimensions) {
        throw new RangeError('Vector rows that do not agree with their summary')
      }
      this.held = bytes
    })
    return this.reading
  }

  /** Ends the pauses of a read or a decode in steps under way (something waits for the rows). */
  hurry(): void {
    this.hurried = true
    this.hurryNow()
  }

  /**
   * The rows decoded a step at a time (`VectorIndex.fromBytesInSteps`), `pause` awaited between steps
   * until `hurry`; only once read. The changes kept are not applied: `applyChanges`, in the same
   * synchronous step as the index is put to use, so that none is kept after it.
   */
  decodeInSteps(pause: () => Promise<void>): Promise<VectorIndex> {
    return VectorIndex.fromBytesInSteps(this.bytes, this.unlessHurried(pause))
  }

  /** Applies the changes kept (`later`) to `index`, in the order kept. */
  applyChanges(index: VectorIndex): void {
    for (const change of this.changes.splice(0)) change(index)
  }

  /** `pause`, ended early by `hurry` (a pause then waits no more). */
  private unlessHurried(pause: () => Promise<void>): () => Promise<void> {
    return () => (this.hurried ? Promise.resolve() : Promise.race([pause(), this.hurrying]))
  }

  /** Keeps a change of the index for the rows, applied when they are decoded (in the order kept). */
  later(change: (index: VectorIndex) => void): void {
    this.changes.push(change)
  }

  /** The rows as a `VectorIndex`, changes applied; only once read. Throws a RangeError as `VectorIndex.fromBytes` does. */
  decode(): VectorIndex {
    const index = VectorIndex.fromBytes(this.bytes)
    this.applyChanges(index)
    return index
  }

  /**
   * Whether any row was made by `embedder` (in one of `collectionIds`, when given), as
   * `VectorIndex.hasRows` answers; undefined when that cannot be told without decoding: changes wait,
   * or the tables cannot be read.
   */
  hasRows(embedder: string, collectionIds?: readonly string[]): boolean | undefined {
    if (this.changes.length > 0) return undefined
    if (!this.held) {
      // Rows of one embedder only (a `SearchIndex` keeps each embedder's apart).
      const { collections } = this.unread!
      return this.count > 0 && (collectionIds?.some((id) => collections.includes(id)) ?? true)
    }
    if (this.tables === null) this.tables = vectorRowsTables(this.held)
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

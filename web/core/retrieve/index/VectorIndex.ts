import { decodeVectorRows } from './decodeVectorRows'
import { encodeVectorRows } from './encodeVectorRows'
import { Interner } from './Interner'
import type { ScoredId } from './ScoredId'
import { TopK } from './TopK'
import { SCORE_BLOCK_ROWS, VectorMatrix, type VectorMatrixOptions } from './VectorMatrix'

export interface VectorMeta {
  collection_id: string
  document_id: string
  /** Id of the embedder that made the vector (`hash-v1`, ...). */
  embedder: string
}

export interface VectorSearchOptions {
  limit: number
  /** Only rows of these collections. Omitted: all collections; empty: nothing matches. */
  collectionIds?: readonly string[]
  /** Id of the embedder that made the query vector: only rows made by the same one are compared. */
  embedder: string
  /** Leave out rows whose cosine similarity is below this. */
  minScore?: number
}

const INITIAL_CAPACITY = 64

/**
 * Exact cosine search over a contiguous Float32Array, one row of `dimensions` floats per chunk.
 *
 * - Vectors are scaled to unit length when added (and the query when searching), so a score is a
 *   dot product and a true cosine even if an embedder forgot to normalise. A zero vector (a text with
 *   nothing to embed) stays zero: similar to nothing, score 0, never NaN; a zero query finds nothing.
 * - Only rows of the query's embedder are compared. Each embedder has its own vector space: two
 *   models' vectors (or hash-v1 and hash-v2) may share a length, yet their dot product is noise that
 *   looks like a score. Rows of an old embedder stay until their documents are re-embedded.
 * - Storage doubles when full (amortised O(1) add) and a removed row is filled by the last one (O(1)
 *   remove, so row order is arbitrary). Capacity is never shrunk.
 * - Search is exact: the result is that of scoring every wanted row and sorting. Runs of consecutive
 *   wanted rows are scored a block at a time by WebAssembly SIMD kernels where the host runs them
 *   (an int8 pass bounds each row's score; only rows whose bound could enter the top k are scored
 *   exactly) and by the same exact arithmetic in JS elsewhere (same bits, see `VectorMatrix`); the
 *   best `limit` are kept in a small heap with no allocation per row. At 100k x 384 the exact pass
 *   alone reads 154 MB per query and is bound by memory bandwidth; the int8 pass reads 38 MB.
 */
export class VectorIndex {
  private count = 0
  private readonly matrix: VectorMatrix
  private collectionOf = new Int32Array(INITIAL_CAPACITY)
  private embedderOf = new Int32Array(INITIAL_CAPACITY)
  private ids: string[] = []
  private documents: string[] = []
  private readonly rowOf = new Map<string, number>()
  private collections = new Interner()
  private embedders = new Interner()

  /** `options` choose where the kernel switches to WebAssembly (for tests; the default suits use). */
  constructor(
    readonly dimensions: number,
    options: VectorMatrixOptions = {},
  ) {
    if (!Number.isInteger(dimensions) || dimensions <= 0) {
      throw new RangeError(`dimensions must be a positive integer, got ${dimensions}`)
    }
    this.matrix = new VectorMatrix(dimensions, INITIAL_CAPACITY, options)
  }

  /** Restores an index from `toBytes`' output; throws a RangeError when the bytes are not one. */
  static fromBytes(bytes: Uint8Array, options: VectorMatrixOptions = {}): VectorIndex {
    const rows = decodeVectorRows(bytes)
    const index = new VectorIndex(rows.dimensions, options)
    index.reserve(rows.count)
    index.matrix.load(rows.vectors, rows.count)
    index.collectionOf.set(rows.collectionOf)
    index.embedderOf.set(rows.embedderOf)
    index.ids = [...rows.ids]
    index.documents = [...rows.documents]
    index.collections = Interner.from(rows.collections)
    index.embedders = Interner.from(rows.embedders)
    index.count = rows.count
    rows.ids.forEach((id, row) => index.rowOf.set(id, row))
    return index
  }

  get size(): number {
    return this.count
  }

  /** Whether searches run the WebAssembly kernel (false: the JS loop, same results). */
  get usesWasm(): boolean {
    return this.matrix.usesWasm
  }

  has(id: string): boolean {
    return this.rowOf.has(id)
  }

  /** Whether any row was made by `embedder` (in one of `collectionIds`, when given). */
  hasRows(embedder: string, collectionIds?: readonly string[]): boolean {
    const code = this.embedders.find(embedder)
    if (code === undefined) return false
    const allowed = this.collectionMask(collectionIds)
    for (let row = 0; row < this.count; row++) {
      if (this.embedderOf[row] === code && (allowed === null || allowed[this.collectionOf[row]!] === 1))
        return true
    }
    return false
  }

  /** Adds a row, or overwrites the row of an id already present. Throws on a wrong length. */
  add(id: string, vector: Float32Array, meta: VectorMeta): void {
    if (vector.length !== this.dimensions) {
      throw new RangeError(`Vector of ${vector.length} dimensions added to an index of ${this.dimensions}`)
    }
    let row = this.rowOf.get(id)
    if (row === undefined) {
      this.reserve(this.count + 1)
      row = this.count++
      this.rowOf.set(id, row)
    }
    this.ids[row] = id
    this.documents[row] = meta.document_id
    this.collectionOf[row] = this.collections.intern(meta.collection_id)
    this.embedderOf[row] = this.embedders.intern(meta.embedder)
    let norm = 0
    for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!
    // A vector with NaN or Infinity in it is stored as zero: it would otherwise poison every score.
    const scale = norm > 0 && Number.isFinite(norm) ? 1 / Math.sqrt(norm) : 0
    this.matrix.writeRow(row, vector, scale)
  }

  /** Removes rows by id (unknown ids are ignored), moving the last row into each hole. */
  remove(ids: Iterable<string>): void {
    for (const id of ids) {
      const row = this.rowOf.get(id)
      if (row === undefined) continue
      const last = this.count - 1
      if (row !== last) {
        this.matrix.copyRow(last, row)
        const moved = this.ids[last]!
        this.ids[row] = moved
        this.documents[row] = this.documents[last]!
        this.collectionOf[row] = this.collectionOf[last]!
        this.embedderOf[row] = this.embedderOf[last]!
        this.rowOf.set(moved, row)
      }
      this.ids.pop()
      this.documents.pop()
      this.rowOf.delete(id)
      this.count = last
    }
  }

  /** O(rows): a scan of the document column is cheaper to keep correct than a second map. */
  removeDocument(documentId: string): void {
    this.remove(this.ids.filter((_, row) => this.documents[row] === documentId))
  }

  removeCollection(collectionId: string): void {
    const code = this.collections.find(collectionId)
    if (code !== undefined) this.remove(this.ids.filter((_, row) => this.collectionOf[row] === code))
  }

  /** The `limit` rows most similar to `query`, best first, with their cosine similarity. */
  search(query: Float32Array, { limit, collectionIds, embedder, minScore }: VectorSearchOptions): ScoredId[] {
    if (query.length !== this.dimensions) {
      throw new RangeError(`Query of ${query.length} dimensions for an index of ${this.dimensions}`)
    }
    const embedderCode = this.embedders.find(embedder)
    const allowed = this.collectionMask(collectionIds)
    const unit = toUnit(query)
    if (limit < 1 || embedderCode === undefined || unit === null) return []

    const top = new TopK(limit)
    this.matrix.setQuery(unit)
    this.scan(embedderCode, allowed, minScore ?? -Infinity, top)
    // Clamped: rounding can push a vector's similarity with itself a hair over 1.
    return top
      .drain()
      .map(({ row, score }) => ({ id: this.ids[row]!, score: Math.min(1, Math.max(-1, score)) }))
  }

  /** The rows, their ids and metadata as bytes (see `VectorRows.ts`), for `fromBytes`. */
  toBytes(): Uint8Array {
    return encodeVectorRows({
      dimensions: this.dimensions,
      count: this.count,
      vectors: this.matrix.values,
      ids: this.ids,
      documents: this.documents,
      collections: this.collections.values,
      collectionOf: this.collectionOf,
      embedders: this.embedders.values,
      embedderOf: this.embedderOf,
    })
  }

  /** 1 at the code of each wanted collection; null for "all collections". */
  private collectionMask(collectionIds: readonly string[] | undefined): Uint8Array | null {
    if (collectionIds === undefined) return null
    const mask = new Uint8Array(this.collections.values.length)
    for (const id of collectionIds) {
      const code = this.collections.find(id)
      if (code !== undefined) mask[code] = 1
    }
    return mask
  }

  /**
   * Offers every row of the embedder (and allowed collections) scoring at least `threshold` to
   * `top`, in row order, or skips it when it provably could not get in. Consecutive wanted rows go
   * a block at a time; a row left out costs two integer comparisons. With bounds (see
   * `VectorMatrix.upperBounds`) only rows whose bound beats the heap's floor are scored exactly,
   * the whole block at once when many are.
   */
  private scan(embedderCode: number, allowed: Uint8Array | null, threshold: number, top: TopK): void {
    const { embedderOf, collectionOf, count, matrix } = this
    let floor = top.floor
    let row = 0
    while (row < count) {
      if (embedderOf[row] !== embedderCode || (allowed !== null && allowed[collectionOf[row]!] !== 1)) {
        row++
        continue
      }
      const blockEnd = Math.min(count, row + SCORE_BLOCK_ROWS)
      let end = row + 1
      while (
        end < blockEnd &&
        embedderOf[end] === embedderCode &&
        (allowed === null || allowed[collectionOf[end]!] === 1)
      ) {
        end++
      }
      const n = end - row
      const bounds = matrix.upperBounds(row, n)
      let candidates = n
      if (bounds !== null) {
        candidates = 0
        for (let i = 0; i < n; i++) if (bounds[i]! >= threshold && bounds[i]! > floor) candidates++
      }
      if (bounds === null || candidates > n >> 3) {
        const scores = matrix.dots(row, n)
        for (let i = 0; i < n; i++) {
          const score = scores[i]!
          // Rows come in ascending order, so a score equal to the floor loses the tie: skip it.
          if (score >= threshold && score > floor) {
            top.offer(score, row + i)
            floor = top.floor
          }
        }
      } else if (candidates > 0) {
        for (let i = 0; i < n; i++) {
          // Its exact score is at most the bound: below the threshold, or not above the floor (and
          // so out, on a tie too), it cannot get in.
          if (bounds[i]! < threshold || bounds[i]! <= floor) continue
          const score = matrix.dots(row + i, 1)[0]!
          if (score >= threshold && score > floor) {
            top.offer(score, row + i)
            floor = top.floor
          }
        }
      }
      row = end
    }
  }

  /**
   * Room for `rows` rows in all, made at once (capacity doubles up to it): adding a big document's
   * rows one by one grew the storage several times, each growth copying what was there (a growth
   * past 65,536 rows held the server's thread for a tenth of a second or more).
   */
  reserve(rows: number): void {
    if (rows <= this.matrix.capacity) return
    this.matrix.reserve(rows, this.count)
    const capacity = this.matrix.capacity
    this.collectionOf = grow(this.collectionOf, capacity)
    this.embedderOf = grow(this.embedderOf, capacity)
  }
}

function grow(codes: Int32Array, capacity: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(capacity)
  grown.set(codes)
  return grown
}

/** The query scaled to unit length, or null for the zero vector (similar to nothing). */
function toUnit(query: Float32Array): Float32Array | null {
  let norm = 0
  for (let i = 0; i < query.length; i++) norm += query[i]! * query[i]!
  if (norm === 0 || !Number.isFinite(norm)) return null
  const scale = 1 / Math.sqrt(norm)
  return query.map((x) => x * scale)
}

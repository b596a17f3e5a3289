import { decodeVectorRows } from './decodeVectorRows'
import { runSteps, runStepsWithPauses } from '../../kernel/time/runSteps'
import { dotsInJs } from './dotsInJs'
import { encodeVectorRows } from './encodeVectorRows'
import type { ChunkVector } from '../../store/ChunkVector'
import type { ExactVectors } from './ExactVectors'
import { Interner } from './Interner'
import type { ScoredId } from './ScoredId'
import { TopK } from './TopK'
import { unitRow } from './unitRow'
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
/** Rows decoded per step of `fromBytesInSteps`: 3 MB of codes at 384 dimensions, a few ms. */
const LOAD_STEP_ROWS = 8192

/**
 * Most candidates one search reads back and rescores exactly, unless it asks for more results than
 * this (then as many as it asks for). Past it (a crowd of rows whose intervals overlap the top k's:
 * near-identical vectors), the rest are ranked by their lower bounds, under their true scores by at
 * most their interval's width, rather than a search reading megabytes of vectors from the store:
 * at a million rows of a corpus that repeats its sentences, one search in ten had 2,500 to 4,096
 * such rows, and reading them was most of its time (4,096 until issue 20's last measurements).
 */
export const MAX_RESCORED = 1024

/**
 * Unit rows of recently rescored candidates kept in memory (about 6 MB at 384 dimensions): a
 * search's candidates are mostly the previous similar search's (a chat's follow-ups, near-duplicate
 * chunks that crowd the top), and each one read from the store costs a lookup and a 1.5 KB row.
 */
export const RESCORED_CACHE_ROWS = 4096

export interface VectorIndexOptions extends VectorMatrixOptions {
  /** Most unit rows of rescored candidates kept (default RESCORED_CACHE_ROWS; 0: none). */
  cachedRows?: number
}

interface Candidate {
  row: number
  id: string
  low: number
  high: number
}

/**
 * Cosine search over rows kept compact in memory, one row per chunk, with results those of an exact
 * f32 scan.
 *
 * - Vectors are scaled to unit length when added (and the query when searching), so a score is a
 *   dot product and a true cosine even if an embedder forgot to normalise. A zero vector (a text with
 *   nothing to embed) stays zero: similar to nothing, score 0, never NaN; a zero query finds nothing.
 * - Only rows of the query's embedder are compared. Each embedder has its own vector space: two
 *   models' vectors (or hash-v1 and hash-v2) may share a length, yet their dot product is noise that
 *   looks like a score. Rows of an old embedder stay until their documents are re-embedded.
 * - Storage doubles when full (amortised O(1) add) and a removed row is filled by the last one (O(1)
 *   remove, so row order is arbitrary). Capacity is never shrunk.
 * - A row is kept as int8 codes with its step and residual (`VectorMatrix`, 408 bytes at 384
 *   dimensions instead of 1,536), not as f32. A search first bounds every wanted row's score in
 *   one pass over the codes (WebAssembly SIMD where it runs), keeps as candidates only the rows
 *   whose upper bound reaches the k-th best lower bound (the others provably cannot be in the top
 *   k), then reads the candidates' stored vectors (`ExactVectors`, the store's `chunkVectors`),
 *   highest bound first, and scores them exactly until no unread candidate's bound can beat the
 *   k-th exact score. The result is that of scoring every row exactly (`unitRow`, then `dotsInJs`'s
 *   arithmetic) and sorting: same ids, same scores to the bit, ties to the lower row.
 * - A candidate whose vector cannot be read (its chunk deleted meanwhile, another embedder now)
 *   keeps its estimate, the middle of its interval. Past `MAX_RESCORED` candidates (or `limit`), the
 *   rest are ranked by their lower bounds: one outranks a row scored exactly only when certain to.
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
  /** Scratch row for `add`. */
  private readonly unit: Float32Array
  /**
   * Unit rows of rescored candidates by id, least recently used first (a Map keeps insertion
   * order): the rows `unitRow` made of the vectors the store gave, so a score from one is the same
   * bits. An id's row is dropped when the id is added again or removed.
   */
  private readonly rescoredRows = new Map<string, Float32Array>()
  private readonly cachedRows: number
  /** Adds and removals so far: a row read from the store while one happened is not cached. */
  private changes = 0

  /** `options`: where the kernel switches to WebAssembly, rows cached (for tests; the defaults suit use). */
  constructor(
    readonly dimensions: number,
    options: VectorIndexOptions = {},
  ) {
    if (!Number.isInteger(dimensions) || dimensions <= 0) {
      throw new RangeError(`dimensions must be a positive integer, got ${dimensions}`)
    }
    this.matrix = new VectorMatrix(dimensions, INITIAL_CAPACITY, options)
    this.unit = new Float32Array(dimensions)
    this.cachedRows = options.cachedRows ?? RESCORED_CACHE_ROWS
  }

  /** Restores an index from `toBytes`' output; throws a RangeError when the bytes are not one. */
  static fromBytes(bytes: Uint8Array, options: VectorIndexOptions = {}): VectorIndex {
    return runSteps(VectorIndex.decodeSteps(bytes, options))
  }

  /**
   * `fromBytes` with `pause` awaited between steps (`LOAD_STEP_ROWS` rows each, past the parse of the
   * ids, one piece): at 139k rows the whole decode held the browser's API worker 0.5-0.7 s.
   */
  static fromBytesInSteps(
    bytes: Uint8Array,
    pause: () => Promise<void>,
    options: VectorIndexOptions = {},
  ): Promise<VectorIndex> {
    return runStepsWithPauses(VectorIndex.decodeSteps(bytes, options), pause)
  }

  private static *decodeSteps(bytes: Uint8Array, options: VectorIndexOptions): Generator<void, VectorIndex> {
    const rows = decodeVectorRows(bytes)
    yield
    const index = new VectorIndex(rows.dimensions, options)
    index.reserve(rows.count)
    yield
    for (let from = 0; from < rows.count; from += LOAD_STEP_ROWS) {
      index.matrix.load(rows, from, Math.min(rows.count, from + LOAD_STEP_ROWS))
      yield
    }
    index.collectionOf.set(rows.collectionOf)
    index.embedderOf.set(rows.embedderOf)
    index.ids = [...rows.ids]
    index.documents = [...rows.documents]
    index.collections = Interner.from(rows.collections)
    index.embedders = Interner.from(rows.embedders)
    for (let from = 0; from < rows.count; from += LOAD_STEP_ROWS) {
      yield
      const to = Math.min(rows.count, from + LOAD_STEP_ROWS)
      for (let row = from; row < to; row++) index.rowOf.set(rows.ids[row]!, row)
    }
    if (index.rowOf.size !== rows.count) throw new RangeError('Cannot read vector index: duplicate ids')
    index.count = rows.count
    return index
  }

  get size(): number {
    return this.count
  }

  /** Bytes of memory shared with the helper thread (see `VectorMatrix.sharedBytes`). */
  get sharedBytes(): number {
    return this.matrix.sharedBytes
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
    this.rescoredRows.delete(id)
    this.changes++
    if (row === undefined) {
      this.reserve(this.count + 1)
      row = this.count++
      this.rowOf.set(id, row)
    }
    this.ids[row] = id
    this.documents[row] = meta.document_id
    this.collectionOf[row] = this.collections.intern(meta.collection_id)
    this.embedderOf[row] = this.embedders.intern(meta.embedder)
    this.matrix.writeRow(row, unitRow(vector, this.unit))
  }

  /** Removes rows by id (unknown ids are ignored), moving the last row into each hole. */
  remove(ids: Iterable<string>): void {
    for (const id of ids) {
      const row = this.rowOf.get(id)
      if (row === undefined) continue
      this.rescoredRows.delete(id)
      this.changes++
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

  /**
   * The `limit` rows most similar to `query`, best first, with their cosine similarity: those of an
   * exact scan, the candidates' exact vectors read through `exactVectors` (see the class comment).
   */
  async search(
    query: Float32Array,
    { limit, collectionIds, embedder, minScore }: VectorSearchOptions,
    exactVectors: ExactVectors,
  ): Promise<ScoredId[]> {
    if (query.length !== this.dimensions) {
      throw new RangeError(`Query of ${query.length} dimensions for an index of ${this.dimensions}`)
    }
    const embedderCode = this.embedders.find(embedder)
    const allowed = this.collectionMask(collectionIds)
    const unit = toUnit(query)
    if (limit < 1 || embedderCode === undefined || unit === null) return []
    const threshold = minScore ?? -Infinity
    // Rows may move while the vectors are read, so candidates carry their ids.
    const candidates = await this.candidates(unit, embedderCode, allowed, threshold, limit)
    const top = await this.rescore(candidates, unit, { limit, embedder, threshold }, exactVectors)
    const idOf = new Map(candidates.map((candidate) => [candidate.row, candidate.id]))
    // Clamped: rounding can push a vector's similarity with itself a hair over 1.
    return top
      .drain()
      .map(({ row, score }) => ({ id: idOf.get(row)!, score: Math.min(1, Math.max(-1, score)) }))
  }

  /** Bytes this index holds in memory for its vectors (capacity and cached rows included, ids not). */
  get vectorBytes(): number {
    return this.matrix.capacity * (this.matrix.bytesPerRow + 8) + this.rescoredRows.size * this.dimensions * 4
  }

  /** The rows, their ids and metadata as bytes (see `VectorRows.ts`), for `fromBytes`. */
  toBytes(): Uint8Array {
    return encodeVectorRows({
      dimensions: this.dimensions,
      count: this.count,
      ...this.matrix.encoded(this.count),
      ids: this.ids,
      documents: this.documents,
      collections: this.collections.values,
      collectionOf: this.collectionOf,
      embedders: this.embedders.values,
      embedderOf: this.embedderOf,
    })
  }

  /**
   * 1 at the code of each wanted collection; null for "all collections", also when every collection
   * the index has known is wanted (a browser's index of one collection): whole blocks of rows are then
   * scored without looking up each row's collection.
   */
  private collectionMask(collectionIds: readonly string[] | undefined): Uint8Array | null {
    if (collectionIds === undefined) return null
    const mask = new Uint8Array(this.collections.values.length)
    for (const id of collectionIds) {
      const code = this.collections.find(id)
      if (code !== undefined) mask[code] = 1
    }
    return mask.includes(0) ? mask : null
  }

  /**
   * Every wanted row (of the embedder and allowed collections) that could be in the top `limit` at
   * or above `threshold`, by its interval (`VectorMatrix.reaching`): its upper bound reaches both
   * the threshold and the `limit`-th best lower bound (`limit` rows are certain to score at least
   * that, and on a tie the row could still win by its lower number). Highest upper bound first.
   *
   * In a large index the code dots are summed together with the helper thread (`sharedDots`; a
   * hybrid search runs BM25 first, while the helper has begun), each block bounded here as soon as
   * it is summed. If a row was added or removed in between (rows move), the pass runs again on this
   * thread alone.
   */
  private async candidates(
    unit: Float32Array,
    embedderCode: number,
    allowed: Uint8Array | null,
    threshold: number,
    limit: number,
  ): Promise<Candidate[]> {
    const { matrix, count } = this
    const bounds = matrix.setQuery(unit)
    const shared = matrix.sharedDots(0, count)
    if (shared !== null) {
      const changes = this.changes
      const pass = new CandidatePass(limit, threshold)
      await shared.finish((sums, from, first, n) =>
        this.boundRows(pass, first, first + n, embedderCode, allowed, (row, rows, level) =>
          matrix.reachingFrom(sums, from + row - first, row, rows, level, bounds),
        ),
      )
      if (this.changes === changes) return pass.candidates()
      matrix.setQuery(unit) // rows moved meanwhile: the pass again, here
    }
    const pass = new CandidatePass(limit, threshold)
    this.boundRows(pass, 0, this.count, embedderCode, allowed, (row, n, level) =>
      matrix.reaching(row, n, level),
    )
    return pass.candidates()
  }

  /**
   * Offers rows `from .. to` that are wanted to `pass`, a block of consecutive wanted rows at a time
   * (`reach` bounds a block and keeps those reaching a level, as `VectorMatrix.reaching`); a row
   * left out costs two integer comparisons.
   */
  private boundRows(
    pass: CandidatePass,
    from: number,
    to: number,
    embedderCode: number,
    allowed: Uint8Array | null,
    reach: (row: number, count: number, level: number) => number,
  ): void {
    const { embedderOf, collectionOf, matrix, ids } = this
    // Every row wanted (one embedder in the index, no collection filter): whole blocks, unchecked.
    const everyRow = allowed === null && this.embedders.values.length === 1
    let row = from
    while (row < to) {
      if (
        !everyRow &&
        (embedderOf[row] !== embedderCode || (allowed !== null && allowed[collectionOf[row]!] !== 1))
      ) {
        row++
        continue
      }
      const blockEnd = Math.min(to, row + SCORE_BLOCK_ROWS)
      let end = everyRow ? blockEnd : row + 1
      while (
        end < blockEnd &&
        embedderOf[end] === embedderCode &&
        (allowed === null || allowed[collectionOf[end]!] === 1)
      ) {
        end++
      }
      const reached = reach(row, end - row, pass.level)
      const { rows, low, high } = matrix.reached
      for (let i = 0; i < reached; i++) pass.offer(rows[i]!, ids[rows[i]!]!, low[i]!, high[i]!)
      row = end
    }
  }

  /**
   * Scores candidates (highest upper bound first) exactly from their stored vectors, in growing
   * batches, until the next one's upper bound is below the `limit`-th exact score: none after it
   * can get in. The query's f64 copy is this search's own (another search may set the matrix's).
   */
  private async rescore(
    candidates: readonly Candidate[],
    unit: Float32Array,
    { limit, embedder, threshold }: { limit: number; embedder: string; threshold: number },
    exactVectors: ExactVectors,
  ): Promise<TopK> {
    const d = this.dimensions
    const top = new TopK(limit)
    const query = Float64Array.from(unit)
    const score = new Float64Array(1)
    const offer = (value: number, candidate: Candidate) => {
      if (value >= threshold) top.offer(value, candidate.row)
    }
    let next = 0
    let batch = Math.max(2 * limit, 16)
    const most = Math.max(MAX_RESCORED, limit)
    while (next < candidates.length && next < most && candidates[next]!.high >= top.floor) {
      const part = candidates.slice(next, Math.min(next + batch, most))
      next += part.length
      batch *= 2
      // The cached rows taken now: caching the rows read below may push some of them out.
      const cached = new Map<string, Float32Array>()
      for (const { id } of part) {
        const unit = this.rescoredRows.get(id)
        if (!unit) continue
        cached.set(id, unit)
        this.rescoredRows.delete(id) // most recently used: to the end of the Map's order
        this.rescoredRows.set(id, unit)
      }
      const missing = part.filter((candidate) => !cached.has(candidate.id))
      const changes = this.changes
      const stored =
        missing.length === 0
          ? new Map<string, ChunkVector>()
          : new Map((await exactVectors(missing.map((candidate) => candidate.id))).map((v) => [v.id, v]))
      for (const candidate of part) {
        let unit = cached.get(candidate.id)
        if (!unit) {
          const vector = stored.get(candidate.id)
          if (vector?.vector && vector.embedder === embedder && vector.vector.length === d) {
            unit = unitRow(vector.vector, new Float32Array(d))
            // A row added again meanwhile may have been read before its new vector was stored.
            if (this.changes === changes) this.cacheRow(candidate.id, unit)
          }
        }
        if (unit) {
          dotsInJs(unit, 0, d, 1, query, score)
          offer(score[0]!, candidate)
        } else {
          offer((candidate.low + candidate.high) / 2, candidate)
        }
      }
    }
    // Past the cap, a row is ranked by the least it is certain to score: it outranks a row scored
    // exactly only if certain to beat it (at the middle of its interval, a crowd of identical rows
    // left unread outranked all the read copies of themselves, which scored a hair lower).
    for (; next < candidates.length && candidates[next]!.high >= top.floor; next++) {
      const candidate = candidates[next]!
      offer(candidate.low, candidate)
    }
    return top
  }

  /**
   * Keeps a rescored row, dropping the least recently used past `cachedRows`, or past one row in
   * eight of the index's (at least 64), so that a small index's cache stays small beside it (at 384
   * dimensions at most 192 bytes a row, within the memory budget's estimate per chunk).
   */
  private cacheRow(id: string, unit: Float32Array): void {
    const most = Math.min(this.cachedRows, Math.max(64, this.count >> 3))
    if (most === 0) return
    this.rescoredRows.set(id, unit)
    if (this.rescoredRows.size > most) {
      this.rescoredRows.delete(this.rescoredRows.keys().next().value!)
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

/** The candidates of one pass over the rows: the `limit`-th best lower bound so far, and every row reaching it. */
class CandidatePass {
  private readonly lows: TopK
  private floor = -Infinity
  private readonly found: Candidate[] = []

  constructor(
    limit: number,
    private readonly threshold: number,
  ) {
    this.lows = new TopK(limit)
  }

  /** The level a row's upper bound must reach to be kept. */
  get level(): number {
    return Math.max(this.threshold, this.floor)
  }

  offer(row: number, id: string, low: number, high: number): void {
    if (high < this.floor) return // the floor rose within the block
    if (low > this.floor) {
      this.lows.offer(low, row)
      this.floor = this.lows.floor
    }
    this.found.push({ row, id, low, high })
  }

  /** Those still reaching the final floor, highest upper bound first (ties: lower row first). */
  candidates(): Candidate[] {
    return this.found
      .filter((candidate) => candidate.high >= this.floor)
      .sort((a, b) => b.high - a.high || a.row - b.row)
  }
}

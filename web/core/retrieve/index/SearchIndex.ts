import type { ChunkRecord } from '../../store/ChunkRecord'
import { timeSlicer } from '../../kernel/time/timeSlicer'
import { type DocumentProfile, documentWeights } from '../documentEvidence'
import { embedderCalibration } from '../embedderCalibration'
import { withPeriodForms } from '../periodForms'
import { Bm25Index } from './Bm25Index'
import type { ExactVectors } from './ExactVectors'
import { LazyVectorRows } from './LazyVectorRows'
import { relativeScoreFusion } from './relativeScoreFusion'
import type { ScoredId } from './ScoredId'
import { searchTerms } from './tokenize'
import type { UnreadVectorRows } from './UnreadVectorRows'
import { VectorIndex } from './VectorIndex'

export type SearchMode = 'hybrid' | 'vector' | 'bm25'

export interface SearchRequest {
  query: string
  /** The query embedded with `embedder`. Without it (embedder unavailable here), BM25 answers. */
  queryVector?: Float32Array | null
  /** Id of the embedder that made `queryVector`; required with it. */
  embedder?: string | null
  /**
   * Reads chunks' stored vectors (the store's `chunkVectors`): the index keeps only compact codes,
   * and rescores its vector candidates with these so that results are those of an exact scan.
   */
  exactVectors: ExactVectors
  limit: number
  /** Only chunks of these collections. Omitted: all collections; empty: nothing matches. */
  collectionIds?: readonly string[]
  mode: SearchMode
  /**
   * Minimum cosine similarity for a vector candidate, applied before fusion; in hybrid search also
   * the "no evidence" level a vector hit's evidence is measured from (see `relativeScoreFusion`). Callers
   * without one from the user pass `defaultSimilarityThreshold(embedder)`.
   */
  similarityThreshold: number
  /**
   * Weight of the vector list against BM25's (1) in hybrid fusion. Default: the embedder's
   * (`embedderCalibration`): 0 for hash-v1, 1 for semantic models.
   */
  vectorWeight?: number
  /**
   * What the searched documents say about themselves (`documentProfiles`): a passage of the
   * document the query names (by file name, title, opening page) outranks a look-alike from
   * another one (`documentEvidence.ts`). Absent: every document alike.
   */
  documentProfiles?: readonly DocumentProfile[]
  /**
   * The words that name the document to look in, where the query's own are not all (`documentScope`:
   * "what is CMI" searched in passages, "what is CMI in the dmca summary" weighing documents). Absent:
   * the query weighs documents.
   */
  documentQuery?: string
}

/**
 * A SearchIndex as bytes (`toBytes`): its BM25 index's, and each embedder's vector rows', which a
 * snapshot read a range at a time gives `fromBytes` unread (`UnreadVectorRows`; `toBytes` gives bytes).
 */
export interface SearchIndexBytes {
  bm25: Uint8Array
  vectors: Array<{ embedder: string; rows: Uint8Array | UnreadVectorRows }>
}

/** `SearchIndexBytes` with every embedder's rows read: what `toBytes` gives. */
export interface ReadSearchIndexBytes extends SearchIndexBytes {
  vectors: Array<{ embedder: string; rows: Uint8Array }>
}

export interface FromBytesOptions {
  /**
   * Called when a part of the bytes read or decoded on first use turns out unreadable: an embedder's
   * vector rows (a check only their read or full decode makes: see `LazyVectorRows`; the index then has
   * no vectors of that embedder, its searches answer with BM25, `method: 'bm25'`), or a term's packed
   * postings (`Postings.onUnreadable`; the term then has none). The caller should rebuild the index
   * from the store. Absent: the error is thrown to whatever needed the part.
   */
  onUnreadable?: (error: unknown) => void
}

export interface SearchResponse {
  /** Best first; `score` in [0, 1]. */
  results: ScoredId[]
  /** What actually ran: 'bm25' when vectors could not be used, whatever was asked. */
  method: SearchMode
}

/**
 * Chunks indexed between two looks at the clock in `addInBatches` (which yields once a time slice has
 * passed). Tokenizing and posting a chunk's terms (`Bm25Index.add`) is most of the cost, and now and
 * then one add copies a common term's postings list as it grows (a few milliseconds at a million chunks).
 */
const INDEX_STEP = 10
/** Chunk ids removed between two looks at the clock (cheap: Bm25Index only marks them removed). */
const REMOVE_STEP = 500

/**
 * How much the document a question names lifts its passages: a passage's score is multiplied by
 * `1 + DOCUMENT_STRENGTH * share`, share being its document's profile score over the best one's.
 * Chosen on the financebench-dev tuning half (bench/quality.ts: 38 filings in one collection, the
 * questions of 11 companies; the other 10 companies' are only reported): page hit@5 0.48 at 2, 4 and
 * 8, MRR@10 0.278, 0.312 and 0.311; without document evidence, hit@5 0.16. 4: where it levels off.
 */
export const DOCUMENT_STRENGTH = 4

/**
 * Candidates taken from each list before fusion. A chunk fair in both lists can beat one good in
 * only one, so the lists must reach well past `limit` for fusion to see such agreement.
 */
export function candidateDepth(limit: number): number {
  return Math.max(limit * 4, 50)
}

/**
 * Hybrid search over chunks: a BM25 index of every chunk, and a vector index per embedder id of the
 * chunks that have a vector (each embedder has its own vector space and its own dimensions, and a
 * query only ever meets rows of its own embedder).
 *
 * Hybrid fusion is relative score fusion (`relativeScoreFusion`, not DESIGN.md's reciprocal rank fusion:
 * see there why, and docs/decisions/0003-relative-score-fusion.md): each hit's evidence is its score
 * relative to the best of its list (BM25 from 0, cosines from the similarity threshold), and a chunk's
 * score is the weighted mean of its evidence in the two lists, BM25 weight 1 and the vector list its
 * embedder's weight (`embedderCalibration`). A list weighted 0 changes nothing: hybrid search with
 * hash-v1 (weight 0) ranks and scores as BM25 does, and its vectors only bring candidates where
 * keywords run out.
 *
 * Scores, always in [0, 1]: hybrid gives the fused score (1 = first in both lists; a chunk only one
 * list found gets at most that list's share of the weight: 1 / (1 + vector weight) from BM25 alone,
 * 0.5 from either with equal weights); vector gives the cosine similarity (floored at 0);
 * bm25 gives the BM25 score divided by the best one in that answer (the top hit is 1, relative, not
 * absolute).
 *
 * Indexes live in memory; restore them from stored chunks with `fromChunks` (vectors are stored with
 * the chunks, so nothing is re-embedded).
 */
export class SearchIndex {
  private bm25 = new Bm25Index()
  /** Decoded vector indexes; use `vectorIndexes()` or `vectorIndex()`, which decode `undecoded` first. */
  private readonly decoded = new Map<string, VectorIndex>()
  /** Embedders' rows from `fromBytes` not decoded yet, read or not (never an embedder of `decoded` too). */
  private readonly undecoded = new Map<string, LazyVectorRows>()
  /** Unread rows whose read a change has begun (`readSoon`). */
  private readonly readingSoon = new WeakSet<LazyVectorRows>()
  /** Rows being decoded a step at a time (`prepareVectors`): a search that needs them waits for it. */
  private readonly decodingInSteps = new Map<LazyVectorRows, Promise<VectorIndex | undefined>>()
  private onUnreadable: ((error: unknown) => void) | undefined
  /** The `replaceDocument` under way per document: a second one waits for it (see there). */
  private readonly replacing = new Map<string, Promise<void>>()

  static fromChunks(chunks: readonly ChunkRecord[]): SearchIndex {
    const index = new SearchIndex()
    index.add(chunks)
    return index
  }

  /** Number of chunks indexed. */
  get size(): number {
    return this.bm25.size
  }

  /** A query of the index's own words, the `n`-th of a fixed sequence (`Bm25Index.sampleQuery`). */
  sampleQuery(n: number): string {
    return this.bm25.sampleQuery(n)
  }

  /** Bytes of memory its vector indexes share with the helper thread (see `VectorMatrix.sharedBytes`). */
  get sharedBytes(): number {
    // Rows not decoded yet share nothing.
    let bytes = 0
    for (const index of this.decoded.values()) bytes += index.sharedBytes
    return bytes
  }

  /**
   * Number of vectors made by `embedder`. Throws while changes wait for its rows to be read (the count
   * is not known then): `prepareVectors` first.
   */
  vectorCount(embedder: string): number {
    const rows = this.undecoded.get(embedder)
    if (rows?.changed) throw new Error(`${embedder}'s vector rows are not read yet: prepareVectors() first`)
    return rows?.count ?? this.decoded.get(embedder)?.size ?? 0
  }

  /**
   * Whether the index still keeps bytes `fromBytes` was given alive: vector rows read but not decoded
   * yet (`decodeVectors` lets them go). Rows not read hold none.
   */
  get holdsSnapshotBytes(): boolean {
    for (const rows of this.undecoded.values()) if (rows.isRead) return true
    return false
  }

  /** Whether any embedder's vector rows from `fromBytes` are still undecoded, read or not (see `decodeVectors`). */
  get hasUndecodedVectors(): boolean {
    return this.undecoded.size > 0
  }

  /** Whether any embedder's vector rows from `fromBytes` are not read yet (`UnreadVectorRows`). */
  get hasUnreadVectors(): boolean {
    for (const rows of this.undecoded.values()) if (!rows.isRead) return true
    return false
  }

  /**
   * Decodes the vector rows `fromBytes` left as bytes, as their first use would, in one piece (0.1-0.4 s
   * at 139k passages; a host does it in steps while idle: `prepareVectors`), and the snapshot's buffer
   * they are views of goes. Rows not read yet are left so (`prepareVectors` reads them).
   */
  decodeVectors(): void {
    for (const [embedder, rows] of [...this.undecoded]) if (rows.isRead) this.vectorIndex(embedder)
  }

  /**
   * Reads every embedder's rows not read yet and decodes them, a step at a time: read a range at a
   * time, decoded a few thousand rows at a time (`LazyVectorRows.decodeInSteps`), `pause` awaited
   * between steps, so that a host can do it in the background soon after a load without holding its
   * searches long (in one piece, 0.5-1 s at 139k passages). A search or a change that needs the rows meanwhile
   * ends the pauses (`LazyVectorRows.hurry`) and waits for the rest. Rows that prove unreadable are
   * given up as `vectorIndex` does (`onUnreadable`).
   */
  async prepareVectors(pause: () => Promise<void>): Promise<void> {
    for (const [embedder, rows] of [...this.undecoded]) {
      await this.readRows(embedder, pause)
      if (this.undecoded.get(embedder) !== rows || !rows.isRead) continue
      const decoding = rows.decodeInSteps(pause).catch(() => undefined)
      this.decodingInSteps.set(rows, decoding)
      const index = await decoding
      this.decodingInSteps.delete(rows)
      // Decoded meanwhile in one piece (a change needed the rows at once), or let go.
      if (this.undecoded.get(embedder) !== rows) continue
      // Undecodable: decoded again in one piece, which tells `onUnreadable` (or throws) as always.
      if (index === undefined) this.vectorIndex(embedder)
      else {
        // In the same synchronous step as the index is kept: no change is left waiting for these rows.
        rows.applyChanges(index)
        this.keepDecoded(embedder, index)
      }
    }
  }

  /**
   * Restores an index from `toBytes`' parts (the index snapshot, `../snapshot`). Throws a RangeError
   * when a part is unreadable or the parts disagree: the caller rebuilds from stored chunks.
   *
   * BM25 is decoded now; each embedder's vector rows only when first needed (`LazyVectorRows`: a
   * vector pass, a change to the index), or by `decodeVectors`; rows not read yet are read then (a change
   * begins their read, and waits for it). Their header is checked now, unread rows' once read; a failure
   * of the checks that reading or decoding makes goes to `onUnreadable`, as one of BM25's packed postings
   * (unpacked term by term on first use, `Postings.loadPacked`).
   */
  static fromBytes(parts: SearchIndexBytes, options: FromBytesOptions = {}): SearchIndex {
    return SearchIndex.withBm25(Bm25Index.fromBytes(parts.bm25, options.onUnreadable), parts, options)
  }

  /**
   * `fromBytes` with BM25 decoded a step at a time, `pause` awaited between steps: the browser's API
   * worker lets its IndexedDB reads go on meanwhile (`Bm25Index.fromBytesInSteps`).
   */
  static async fromBytesInSteps(
    parts: SearchIndexBytes,
    pause: () => Promise<void>,
    options: FromBytesOptions = {},
  ): Promise<SearchIndex> {
    const bm25 = await Bm25Index.fromBytesInSteps(parts.bm25, pause, options.onUnreadable)
    return SearchIndex.withBm25(bm25, parts, options)
  }

  private static withBm25(bm25: Bm25Index, parts: SearchIndexBytes, options: FromBytesOptions): SearchIndex {
    const index = new SearchIndex()
    index.bm25 = bm25
    index.onUnreadable = options.onUnreadable
    for (const { embedder, rows } of parts.vectors) {
      if (index.undecoded.has(embedder)) throw new RangeError(`${embedder} vectors twice`)
      const vectors = new LazyVectorRows(rows)
      if (vectors.count > index.bm25.size) throw new RangeError(`More ${embedder} vectors than chunks`)
      if (vectors.count > 0) index.undecoded.set(embedder, vectors)
    }
    return index
  }

  /** BM25's bytes and each embedder's vector rows, for `fromBytes`. Every embedder's rows must have been read. */
  toBytes(): ReadSearchIndexBytes {
    return { bm25: this.bm25.toBytes(), vectors: this.vectorBytes() }
  }

  /**
   * `toBytes` with the BM25 part written in steps, `pause` awaited between them (it may throw to give
   * up when the index changed meanwhile). Rows not read yet are read first; the vector rows are taken
   * right after the last step.
   */
  async toBytesInSteps(pause: () => Promise<void>): Promise<ReadSearchIndexBytes> {
    for (const embedder of [...this.undecoded.keys()]) await this.readRows(embedder)
    const bm25 = await this.bm25.toBytesInSteps(pause)
    return { bm25, vectors: this.vectorBytes() }
  }

  /**
   * Each embedder's rows as bytes: rows still undecoded are the bytes they were read from (decoded
   * first where changes wait for them).
   */
  private vectorBytes(): ReadSearchIndexBytes['vectors'] {
    for (const [embedder, rows] of [...this.undecoded])
      if (rows.changed && rows.isRead) this.vectorIndex(embedder)
    return [
      ...[...this.decoded].map(([embedder, index]) => ({ embedder, rows: index.toBytes() })),
      ...[...this.undecoded].map(([embedder, rows]) => ({ embedder, rows: rows.bytes })),
    ]
  }

  /**
   * Every embedder's decoded vector index, the rows read but undecoded decoded first. Rows not read
   * yet are not among them: a change reaches them through `changeVectors`. One whose rows cannot be
   * decoded is left out (see `FromBytesOptions`).
   */
  private vectorIndexes(): Map<string, VectorIndex> {
    this.decodeVectors()
    return this.decoded
  }

  /**
   * Applies a change to every embedder's rows: now to decoded ones, and kept for rows not read yet
   * (`LazyVectorRows.later`), whose read it begins (`readSoon`), so that changes wait only that long.
   */
  private changeVectors(change: (index: VectorIndex, embedder: string) => void): void {
    for (const [embedder, index] of this.vectorIndexes()) change(index, embedder)
    for (const [embedder, rows] of this.undecoded) {
      rows.later((index) => change(index, embedder))
      this.readSoon(embedder, rows)
    }
    this.dropEmptyVectorIndexes()
  }

  /** Reads unread rows in the background and decodes them (their waiting changes applied) once in. */
  private readSoon(embedder: string, rows: LazyVectorRows): void {
    if (this.readingSoon.has(rows)) return
    this.readingSoon.add(rows)
    this.readRows(embedder)
      .then(() => {
        if (this.undecoded.get(embedder) === rows && rows.isRead) this.vectorIndex(embedder)
      })
      // Without a listener the rows stay, and whatever needs them is refused as it asks.
      .catch(() => undefined)
  }

  /**
   * Reads the embedder's rows if they are not read yet. Unreadable: given up as undecodable rows are
   * (`vectorIndex`).
   */
  private async readRows(embedder: string, pause?: () => Promise<void>): Promise<void> {
    const rows = this.undecoded.get(embedder)
    if (!rows || rows.isRead) return
    try {
      await rows.read(pause)
    } catch (error) {
      if (!this.onUnreadable) throw error
      if (this.undecoded.get(embedder) !== rows) return
      this.undecoded.delete(embedder)
      this.onUnreadable(error)
    }
  }

  /**
   * The embedder's vector index, decoded first if need be; undefined when it has no rows. Rows not read
   * yet must be read first (`readRows`).
   */
  private vectorIndex(embedder: string): VectorIndex | undefined {
    const rows = this.undecoded.get(embedder)
    if (rows === undefined) return this.decoded.get(embedder)
    if (!rows.isRead) throw new Error(`${embedder}'s vector rows are not read yet`)
    let index: VectorIndex
    try {
      index = rows.decode()
    } catch (error) {
      // Without a listener the rows stay, and every use that needs them is refused alike.
      if (!this.onUnreadable) throw error
      this.undecoded.delete(embedder)
      this.onUnreadable(error)
      return undefined
    }
    return this.keepDecoded(embedder, index)
  }

  /** The embedder's rows decoded (their changes applied) replace its undecoded ones; undefined when empty. */
  private keepDecoded(embedder: string, index: VectorIndex): VectorIndex | undefined {
    this.undecoded.delete(embedder)
    if (index.size > 0) this.decoded.set(embedder, index)
    return index.size > 0 ? index : undefined
  }

  /** Waits for a decode in steps of the embedder's rows under way (`prepareVectors`), hurried. */
  private async decodedInSteps(embedder: string): Promise<void> {
    const rows = this.undecoded.get(embedder)
    const decoding = rows && this.decodingInSteps.get(rows)
    if (!decoding) return
    rows.hurry()
    await decoding
  }

  /** Whether the embedder has rows (in these collections), asked of undecoded rows without decoding. */
  private hasVectorRows(embedder: string, collectionIds: readonly string[] | undefined): boolean {
    const answer = this.undecoded.get(embedder)?.hasRows(embedder, collectionIds)
    if (answer !== undefined) return answer
    return this.vectorIndex(embedder)?.hasRows(embedder, collectionIds) ?? false
  }

  /** Ids of the document's indexed chunks. */
  documentChunkIds(documentId: string): string[] {
    return this.bm25.documentChunkIds(documentId)
  }

  /**
   * Indexes chunks; a chunk id already present is replaced (text, collection and vector). Checks every
   * vector first and throws a RangeError, changing nothing, when one's length differs from the other
   * vectors of its embedder or it has no embedder id: those would be unsearchable or wrong.
   */
  add(chunks: readonly ChunkRecord[]): void {
    this.checkVectors(chunks)
    this.addChecked(chunks)
  }

  /**
   * Indexes many chunks without holding the thread: a time slice's worth at a time (`timeSlicer`),
   * letting the event loop run in between (on the server, 100,000 chunks added at once blocked every
   * request for 20 s). Checks every vector first, as `add` does, so a bad vector changes nothing.
   * Searches running meanwhile see the chunks added so far.
   */
  async addInBatches(chunks: readonly ChunkRecord[]): Promise<void> {
    this.checkVectors(chunks)
    this.reserveVectors(chunks)
    const slice = timeSlicer()
    for (let start = 0; start < chunks.length; start += INDEX_STEP) {
      await slice()
      // Checked again per step: another add may have indexed vectors of other dimensions meanwhile.
      this.add(chunks.slice(start, start + INDEX_STEP))
    }
  }

  /**
   * Makes `chunks` the document's indexed chunks, in batches (`addInBatches`): its old chunks not
   * among `chunks` are removed first, then `chunks` added. Searches in between see the document partly
   * indexed, as they would while it is processed; the store, not the index, is what must never show
   * half of a document. A chunk kept (same id) stays findable throughout, which is what lets a document
   * be swapped at once (`replaceDocumentFile`: old and new indexed, the store switched, the old dropped).
   * Replacements of one document run one after the other, so the last one called wins and two never
   * interleave their batches.
   */
  async replaceDocument(documentId: string, chunks: readonly ChunkRecord[]): Promise<void> {
    // Before anything else (and before waiting): a bad vector rejects with nothing changed.
    this.checkVectors(chunks)
    const previous = this.replacing.get(documentId) ?? Promise.resolve()
    const run = previous.then(async () => {
      const kept = new Set(chunks.map((chunk) => chunk.id))
      const old = this.bm25.documentChunkIds(documentId).filter((id) => !kept.has(id))
      const slice = timeSlicer()
      for (let start = 0; start < old.length; start += REMOVE_STEP) {
        await slice()
        this.remove(old.slice(start, start + REMOVE_STEP))
      }
      await this.addInBatches(chunks)
    })
    const settled = run.catch(() => undefined)
    this.replacing.set(documentId, settled)
    void settled.then(() => {
      if (this.replacing.get(documentId) === settled) this.replacing.delete(documentId)
    })
    await run
  }

  /**
   * Throws a RangeError, changing nothing, when a vector's length differs from the other vectors of
   * its embedder or it has no embedder id: those would be unsearchable or wrong.
   */
  private checkVectors(chunks: readonly ChunkRecord[]): void {
    const dimensions = new Map<string, number>()
    for (const chunk of chunks) {
      if (chunk.vector === null) continue
      if (chunk.embedder === null) throw new RangeError(`Chunk ${chunk.id} has a vector but no embedder id`)
      const expected =
        dimensions.get(chunk.embedder) ??
        this.decoded.get(chunk.embedder)?.dimensions ??
        this.undecoded.get(chunk.embedder)?.dimensions
      if (expected !== undefined && expected !== chunk.vector.length) {
        throw new RangeError(
          `Chunk ${chunk.id}: ${chunk.embedder} vector of ${chunk.vector.length} dimensions, expected ${expected}`,
        )
      }
      dimensions.set(chunk.embedder, chunk.vector.length)
    }
  }

  /** Grows each embedder's vector storage once for all of `chunks` (see VectorIndex.reserve). */
  private reserveVectors(chunks: readonly ChunkRecord[]): void {
    const counts = new Map<string, { count: number; dimensions: number }>()
    for (const chunk of chunks) {
      if (chunk.vector === null || chunk.embedder === null) continue
      const entry = counts.get(chunk.embedder)
      if (entry) entry.count++
      else counts.set(chunk.embedder, { count: 1, dimensions: chunk.vector.length })
    }
    const vectors = this.vectorIndexes()
    for (const [embedder, { count, dimensions }] of counts) {
      // Rows not read yet get these chunks once read (`changeVectors`).
      if (this.undecoded.has(embedder)) continue
      let index = vectors.get(embedder)
      if (!index) vectors.set(embedder, (index = new VectorIndex(dimensions)))
      index.reserve(index.size + count)
    }
  }

  private addChecked(chunks: readonly ChunkRecord[]): void {
    const vectors = this.vectorIndexes()
    this.bm25.add(chunks)
    for (const chunk of chunks) {
      if (chunk.vector === null || chunk.embedder === null) continue
      if (!vectors.has(chunk.embedder) && !this.undecoded.has(chunk.embedder)) {
        vectors.set(chunk.embedder, new VectorIndex(chunk.vector.length))
      }
    }
    this.changeVectors((index, embedder) => {
      for (const chunk of chunks) {
        // A re-added chunk may have lost its vector or changed embedder: its old vector must not linger.
        if (embedder !== chunk.embedder) index.remove([chunk.id])
        else if (chunk.vector !== null) {
          index.add(chunk.id, chunk.vector, {
            collection_id: chunk.collection_id,
            document_id: chunk.document_id,
            embedder,
          })
        }
      }
    })
  }

  remove(chunkIds: readonly string[]): void {
    this.change(
      () => this.bm25.remove(chunkIds),
      (index) => index.remove(chunkIds),
    )
  }

  removeDocument(documentId: string): void {
    this.change(
      () => this.bm25.removeDocument(documentId),
      (index) => index.removeDocument(documentId),
    )
  }

  removeCollection(collectionId: string): void {
    this.change(
      () => this.bm25.removeCollection(collectionId),
      (index) => index.removeCollection(collectionId),
    )
  }

  /**
   * A change to BM25 and to every embedder's rows (`changeVectors`). Rows read but not decoded are
   * decoded first, which may throw (unreadable, no listener): then nothing changed.
   */
  private change(bm25: () => void, vectors: (index: VectorIndex, embedder: string) => void): void {
    this.vectorIndexes()
    bm25()
    this.changeVectors(vectors)
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    const { query, queryVector, embedder, limit, collectionIds, mode, similarityThreshold } = request
    const weights = request.documentProfiles
      ? documentWeights(
          withPeriodForms(request.documentQuery ?? query, searchTerms),
          request.documentProfiles,
          DOCUMENT_STRENGTH,
          (term) => this.documentFrequency(term, collectionIds, request.documentProfiles!.length),
        )
      : undefined
    if (queryVector && !embedder) {
      // Comparing a vector of unknown origin would rank by noise; this is a caller bug, so say so.
      throw new TypeError('A query vector needs the id of the embedder that made it')
    }
    // Fall back to keywords when vectors cannot answer: no query vector, or no rows of its embedder
    // in these collections (never embedded, or embedded by another model). Asked of rows not decoded
    // (or not read) yet without decoding them (`LazyVectorRows`): a search that ends on BM25 alone never
    // decodes. Only where changes wait for the rows is that unknown until they are read.
    const waiting = mode !== 'bm25' && queryVector && embedder && this.undecoded.get(embedder)?.changed
    if (waiting) await this.readRows(embedder)
    if (mode === 'bm25' || !queryVector || !embedder || !this.hasVectorRows(embedder, collectionIds)) {
      return {
        results: this.keywordSearch(query, limit, collectionIds, weights),
        method: 'bm25',
      }
    }

    const vectorWeight = request.vectorWeight ?? embedderCalibration(embedder).fusionWeight
    let keywordHits: ScoredId[] | undefined
    if (mode === 'hybrid' && vectorWeight === 0) {
      // A list weighted 0 only adds, after the rest, ids the keywords did not find (relativeScoreFusion):
      // where the keywords fill `limit` the vector pass (and reading vectors back to rescore) changes
      // nothing, so it is not run. The built-in hash-v1 is weighted 0: most searches end here.
      keywordHits = this.bm25.search(query, {
        limit: candidateDepth(limit),
        collectionIds,
        documentWeights: weights,
      })
      if (keywordHits.length >= limit) {
        return {
          results: relativeScoreFusion([{ hits: keywordHits, weight: 1, scoreFloor: 0 }], { limit }),
          method: 'hybrid',
        }
      }
    }
    await this.readRows(embedder)
    await this.decodedInSteps(embedder)
    const vectorIndex = this.vectorIndex(embedder)
    if (!vectorIndex) {
      // Its rows were unreadable (`onUnreadable` was told): keywords answer, as without rows.
      return { results: this.keywordSearch(query, limit, collectionIds, weights), method: 'bm25' }
    }
    const vectorSearch = vectorIndex.search(
      queryVector,
      {
        // Document evidence reorders the vector list, so it needs candidates past `limit` too.
        limit: mode === 'vector' && !weights?.size ? limit : candidateDepth(limit),
        collectionIds,
        embedder,
        minScore: similarityThreshold,
      },
      request.exactVectors,
    )
    if (mode === 'vector') {
      const vectorHits = await vectorSearch
      const cosines = new Map(vectorHits.map(({ id, score }) => [id, score]))
      // Ordered with the document evidence, scored by the cosine itself (what vector search reports).
      const ordered = this.weighVectorHits(vectorHits, similarityThreshold, weights)
      return {
        results: ordered.slice(0, limit).map(({ id }) => ({ id, score: Math.max(0, cosines.get(id)!) })),
        method: 'vector',
      }
    }
    // The threshold has already thinned the vector list; keyword matches go into fusion regardless.
    // BM25 runs before the vector search's pass goes on here, while the helper thread (where there is
    // one) has begun it; if BM25 throws, the vector search's own outcome is left unobserved.
    try {
      keywordHits ??= this.bm25.search(query, {
        limit: candidateDepth(limit),
        collectionIds,
        documentWeights: weights,
      })
    } catch (error) {
      vectorSearch.catch(() => {})
      throw error
    }
    const vectorHits = this.weighVectorHits(await vectorSearch, similarityThreshold, weights)
    const fused = relativeScoreFusion(
      [
        // BM25 scores start at 0 (no matching term): a hit's evidence is its share of the best score.
        { hits: keywordHits, weight: 1, scoreFloor: 0 },
        {
          hits: vectorHits,
          weight: vectorWeight,
          // The threshold is where this embedder's chance-level cosines end: evidence starts there.
          scoreFloor: similarityThreshold,
        },
      ],
      { limit },
    )
    return { results: fused, method: 'hybrid' }
  }

  /**
   * How many documents of these collections (omitted: all) hold the term (a `searchTerms` term)
   * anywhere, up to `cap`: what `documentEvidence` measures a word's rarity by.
   */
  documentFrequency(term: string, collectionIds?: readonly string[], cap?: number): number {
    return this.bm25.documentFrequency(term, collectionIds, cap)
  }

  /**
   * Vector hits with the evidence above the threshold multiplied by their document's weight, best
   * first again: the same document evidence BM25's scores get (a cosine is no evidence of which
   * document the question names). Unweighted hits keep their cosine.
   */
  private weighVectorHits(
    hits: ScoredId[],
    floor: number,
    weights: ReadonlyMap<string, number> | undefined,
  ): ScoredId[] {
    if (!weights || weights.size === 0) return hits
    return hits
      .map(({ id, score }) => {
        const documentId = this.bm25.documentOf(id)
        const weight = documentId === undefined ? 1 : (weights.get(documentId) ?? 1)
        return { id, score: floor + (score - floor) * weight }
      })
      .sort((a, b) => b.score - a.score)
  }

  private keywordSearch(
    query: string,
    limit: number,
    collectionIds: readonly string[] | undefined,
    documentWeights: ReadonlyMap<string, number> | undefined,
  ): ScoredId[] {
    const hits = this.bm25.search(query, { limit, collectionIds, documentWeights })
    const best = hits[0]?.score ?? 0
    return best > 0 ? hits.map(({ id, score }) => ({ id, score: score / best })) : []
  }

  private dropEmptyVectorIndexes(): void {
    for (const [embedder, index] of this.decoded) if (index.size === 0) this.decoded.delete(embedder)
  }
}

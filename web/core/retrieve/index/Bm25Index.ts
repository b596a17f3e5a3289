import { decodeBm25, decodeBm25Steps, encodeBm25Steps } from './bm25Bytes'
import { BM25_FIELDS, type Bm25State, emptyState, ordinalsOf } from './Bm25State'
import { frequencyOf, LARGE_FREQUENCY, MAX_ORDINAL, ordinalOf } from './Postings'
import type { ScoredId } from './ScoredId'
import { termsWithinEdits } from './termsWithinEdits'
import { searchTerms } from './tokenize'
import { TopK } from './TopK'
import { runSteps, runStepsWithPauses } from '../../kernel/time/runSteps'

/**
 * Terms of digits alone ("2021", "4", "625" of "4,625") index a chunk but do not lengthen it: a table row
 * read with its figures ("Capital spending | (4,625) | (4,240)") is no longer a passage about its label
 * than the label alone, and BM25's length normalisation would otherwise rank every statement below the
 * prose that mentions the same words. Chosen on the quality benchmark's tuning half (issue 28).
 */
const FIGURE_TERM = /^\p{N}+$/u
/** What the keyword index reads of a chunk (a `ChunkRecord` fits). */
export interface Bm25Chunk {
  id: string
  text: string
  heading: string | null
  collection_id: string
  document_id: string
}

export interface Bm25SearchOptions {
  limit: number
  /** Only chunks of these collections. Omitted: all collections; empty: nothing matches. */
  collectionIds?: readonly string[]
  /**
   * Per document id, a factor (>= 0) its chunks' scores are multiplied by before the best are
   * taken (`documentEvidence.ts`: how well the query names the document). Absent ids: 1.
   */
  documentWeights?: ReadonlyMap<string, number>
}

/**
 * A heading is shared by every chunk of its section, so its terms say which section a passage is in
 * rather than what it says: they count a little more than body text, not enough to let a section's
 * heading outrank the paragraph that answers. A judgement call: on xquad-en (one heading per article)
 * any boost from 0.5 to 3 gives the same recall, and indexing the heading at all lifts recall@1 from
 * 0.951 to 0.957.
 */
const HEADING_BOOST = 1.5
/** The fields, in scoring order (text, then heading, as MiniSearch's `fields` option had them). */
const FIELD_BOOSTS = [1, HEADING_BOOST]
const FIELDS = BM25_FIELDS
/** BM25+ (MiniSearch's defaults, which the index used until issue 20). */
const K1 = 1.2
const B = 0.7
const DELTA = 0.5
/** A fuzzy match's weight before its per-edit decay (MiniSearch's `weights.fuzzy`). */
const FUZZY_WEIGHT = 0.45

/**
 * BM25+ keyword search over chunks' text and heading: Quire's own compact inverted index (issue 20),
 * with MiniSearch 7.2's ranking as Bm25Index used it (k1 1.2, b 0.7, delta 0.5, per-field document
 * frequency and average length, heading boost 1.5, the sum times the number of distinct query terms
 * matched, OR of the terms). Scores are unbounded and only comparable within one query.
 * `Bm25Index.miniSearch.test.ts` holds it to MiniSearch's ids, order and scores.
 */
export class Bm25Index {
  private state: Bm25State = emptyState()
  /** The term table sorted for fuzzy lookups, and how many of `terms` it holds (new terms merge in lazily). */
  private sorted: string[] = []
  private sortedCount = 0
  /** Adds and removals so far: what the `documentFrequency` answers kept were counted at. */
  private changes = 0
  /** `documentFrequency` answers while the index is unchanged, by term, cap and collections. */
  private documentFrequencies = { changes: 0, counts: new Map<string, number>() }

  /**
   * Restores an index from `toBytes`' output. Throws a RangeError when the bytes are not one, are of
   * another format version or another tokenizer made them: the caller rebuilds from the chunks. A
   * term's postings are unpacked when first used; `onUnreadable` is told of one that proves unreadable
   * then (`Postings.onUnreadable`).
   */
  static fromBytes(bytes: Uint8Array, onUnreadable?: (error: RangeError) => void): Bm25Index {
    return Bm25Index.ofState(decodeBm25(bytes), onUnreadable)
  }

  /** `fromBytes` a step at a time, `pause` awaited between steps (`decodeBm25Steps`). */
  static async fromBytesInSteps(
    bytes: Uint8Array,
    pause: () => Promise<void>,
    onUnreadable?: (error: RangeError) => void,
  ): Promise<Bm25Index> {
    return Bm25Index.ofState(await runStepsWithPauses(decodeBm25Steps(bytes), pause), onUnreadable)
  }

  private static ofState(state: Bm25State, onUnreadable?: (error: RangeError) => void): Bm25Index {
    const index = new Bm25Index()
    index.state = state
    index.state.postings.onUnreadable = onUnreadable
    // Written in sorted order: the table is its own sorted copy.
    index.sorted = index.state.terms.slice()
    index.sortedCount = index.sorted.length
    return index
  }

  /** How many of its term and field postings lists are still packed, as a snapshot gave them. */
  get packedLists(): number {
    return this.state.postings.packedCount
  }

  get size(): number {
    return this.state.live
  }

  /**
   * The `n`-th of a fixed sequence of queries made of this index's own words, to warm a search's code
   * (`ManagedIndex`): six terms from across the vocabulary and, where one is long enough, a seventh with
   * two letters swapped, so fuzzy matching runs too. '' for an empty index.
   */
  sampleQuery(n: number): string {
    const { terms } = this.state
    if (terms.length === 0) return ''
    const words: string[] = []
    // A multiplicative hash of n, then a linear congruential step per word: spread, and the same every run.
    let x = Math.imul(n + 1, 0x9e3779b1) >>> 0
    for (let i = 0; i < 6; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0
      words.push(terms[x % terms.length]!)
    }
    const long = words.find((word) => /^[a-z]{6,}$/u.test(word))
    if (long) words.push(`${long.slice(0, 2)}${long[3]}${long[2]}${long.slice(4)}`)
    return words.join(' ')
  }

  has(id: string): boolean {
    return ordinalsOf(this.state).has(id)
  }

  /** The id of the document the chunk belongs to, or undefined when it is not indexed. */
  documentOf(id: string): string | undefined {
    const ordinal = ordinalsOf(this.state).get(id)
    if (ordinal === undefined) return undefined
    return this.state.documents.values[this.state.documentOf[ordinal]!]
  }

  /**
   * How many documents (of these collections; omitted: all) have a live chunk holding `term`, a
   * term as `searchTerms` makes them, counting no further than `cap` (the caller's number of
   * documents: a word in all of them needs no more looking). One pass over the term's postings, cut
   * short at the cap: for the handful of words of a question, not for every term of a collection.
   */
  documentFrequency(term: string, collectionIds?: readonly string[], cap = Infinity): number {
    // Every search counts the question's words again, over the same lists while nothing changed
    // (a word of one article in 139k passages: thousands of postings read for a count of eight).
    let kept = this.documentFrequencies
    if (kept.changes !== this.changes || kept.counts.size >= MAX_KEPT_FREQUENCIES) {
      this.documentFrequencies = kept = { changes: this.changes, counts: new Map() }
    }
    const key = `${term}\u0000${cap}\u0000${collectionIds?.join('\u0000') ?? '*'}`
    let count = kept.counts.get(key)
    if (count === undefined) kept.counts.set(key, (count = this.countDocuments(term, collectionIds, cap)))
    return count
  }

  private countDocuments(term: string, collectionIds: readonly string[] | undefined, cap: number): number {
    const state = this.state
    const code = state.termOf.get(term)
    if (code === undefined || cap <= 0) return 0
    let admitted: Uint8Array | null = null
    if (collectionIds) {
      admitted = new Uint8Array(state.collections.values.length)
      for (const id of collectionIds) {
        const collection = state.collections.find(id)
        if (collection !== undefined) admitted[collection] = 1
      }
    }
    const seen = new Uint8Array(state.documents.values.length)
    let count = 0
    for (let f = 0; f < FIELDS; f++) {
      const { data, start, count: postings } = state.postings.read(code * FIELDS + f, state.alive)
      for (let at = start; at < start + postings; at++) {
        const ordinal = ordinalOf(data[at]!)
        if (admitted && admitted[state.collectionOf[ordinal]!] === 0) continue
        const document = state.documentOf[ordinal]!
        if (seen[document] === 1) continue
        seen[document] = 1
        if (++count >= cap) return count
      }
    }
    return count
  }

  /** Adds chunks; a chunk whose id is already indexed replaces the old version. */
  add(chunks: readonly Bm25Chunk[]): void {
    for (const chunk of chunks) {
      if (ordinalsOf(this.state).has(chunk.id)) this.remove([chunk.id])
      this.addOne(chunk)
    }
  }

  /** Ids of the document's indexed chunks. */
  documentChunkIds(documentId: string): string[] {
    const { documents, byDocument, ids } = this.state
    const code = documents.find(documentId)
    return code === undefined ? [] : (byDocument.get(code) ?? []).map((ordinal) => ids.at(ordinal)!)
  }

  /** Removes chunks by id; unknown ids are ignored. */
  remove(ids: readonly string[]): void {
    const state = this.state
    const ordinals = ordinalsOf(state)
    this.changes++
    let removed = false
    for (const id of ids) {
      const ordinal = ordinals.get(id)
      if (ordinal === undefined) continue
      removed = true
      ordinals.delete(id)
      state.alive[ordinal] = 0
      // A removed chunk's ordinal is never output again (its postings are dropped before scoring).
      state.ids.set(ordinal, '')
      // MiniSearch's discard: each present field's length leaves the running average over the count
      // before the removal.
      for (let f = 0; f < FIELDS; f++) {
        const length = state.lengths[ordinal * FIELDS + f]!
        if (length < 0) continue
        const count = state.live
        state.averageLengths[f] = count === 1 ? 0 : (state.averageLengths[f]! * count - length) / (count - 1)
      }
      state.live -= 1
      const code = state.documentOf[ordinal]!
      const siblings = state.byDocument.get(code)
      if (siblings) {
        siblings.splice(siblings.indexOf(ordinal), 1)
        if (siblings.length === 0) state.byDocument.delete(code)
      }
    }
    if (removed) state.postings.epoch += 1
  }

  removeDocument(documentId: string): void {
    this.remove(this.documentChunkIds(documentId))
  }

  /** O(chunks): deleting a collection is rare, so no per-collection list is kept for it. */
  removeCollection(collectionId: string): void {
    const { collections, collectionOf, alive, ids, next } = this.state
    const code = collections.find(collectionId)
    if (code === undefined) return
    const doomed: string[] = []
    for (let ordinal = 0; ordinal < next; ordinal++) {
      if (alive[ordinal] === 1 && collectionOf[ordinal] === code) doomed.push(ids.at(ordinal)!)
    }
    this.remove(doomed)
  }

  /**
   * Chunks matching any query term, best first. A query term the index has never seen (a typo,
   * "septicemia" for "septicemic", a plural the text never uses) is matched fuzzily instead, within
   * a small edit distance (see `fuzzyEdits`); terms the index knows stay exact.
   *
   * Per query term (repeats included): its postings in the text field, then the heading, then its
   * fuzzy neighbours' (weight 0.45 * length / (length + edits)), each posting's BM25+ times weight and
   * field boost, summed per chunk into reused typed arrays over ordinals; then over terms, times the
   * number of distinct query terms the chunk matched; the best `limit` kept by `TopK`. Ties go to the
   * chunk matched first (MiniSearch's order: postings are in ordinal order, as its were).
   */
  search(query: string, { limit, collectionIds, documentWeights }: Bm25SearchOptions): ScoredId[] {
    const state = this.state
    if (limit <= 0 || state.live === 0) return []
    let admitted: Uint8Array | null = null
    if (collectionIds !== undefined) {
      admitted = new Uint8Array(state.collections.values.length)
      let any = false
      for (const id of collectionIds) {
        const code = state.collections.find(id)
        if (code !== undefined) admitted[code] = 1
        any ||= code !== undefined
      }
      if (!any) return []
      // Every collection the index has known is wanted (a browser's index of one collection): no
      // posting's collection is looked up (a read at a random place per posting).
      if (!admitted.includes(0)) admitted = null
    }
    const terms = searchTerms(query)
    if (terms.length === 0) return []
    const edits = fuzzyEdits(terms, (term) => this.knows(term))

    const { postings, alive, averageLengths } = state
    const scratch = scratchFor(state.next)
    const { total, termSum, quality, seenInTerm, order, termDocs } = scratch
    const count = state.live
    let touched = 0
    let t = 0
    let inTerm = 0
    const score = (term: number, weight: number) => {
      for (let f = 0; f < FIELDS; f++) {
        const slot = term * FIELDS + f
        const { data, start, count: matching } = postings.read(slot, alive)
        if (matching === 0) continue
        const factor = weight * FIELD_BOOSTS[f]!
        const averageLength = averageLengths[f]!
        const idf = Math.log(1 + (count - matching + 0.5) / (matching + 0.5))
        inTerm = accumulate(
          { data, start, end: start + matching, slot, field: f, factor, idf, averageLength, mark: t + 1 },
          state,
          admitted,
          scratch,
          inTerm,
        )
      }
    }

    for (; t < terms.length; t++) {
      const term = terms[t]!
      inTerm = 0
      const exact = state.termOf.get(term)
      if (exact !== undefined) score(exact, 1)
      const maxEdits = edits.get(term)
      if (maxEdits !== undefined) {
        const near = new Set<string>()
        for (const { index, distance } of termsWithinEdits(this.sortedTerms(), term, maxEdits)) {
          const neighbour = this.sorted[index]!
          if (distance === 0) continue
          near.add(neighbour)
          score(
            state.termOf.get(neighbour)!,
            (FUZZY_WEIGHT * neighbour.length) / (neighbour.length + distance),
          )
        }
        // "linearizability" asked of a text that says "linearizable": too many edits apart, one word.
        for (const form of derivedForms(term)) {
          const code = state.termOf.get(form)
          if (code !== undefined && !near.has(form))
            score(code, (FUZZY_WEIGHT * form.length) / (form.length + 1))
        }
      }
      const firstOccurrence = terms.indexOf(term) === t
      for (let i = 0; i < inTerm; i++) {
        const ordinal = termDocs[i]!
        if (quality[ordinal] === 0) {
          order[touched++] = ordinal
          total[ordinal] = termSum[ordinal]!
        } else {
          total[ordinal] = total[ordinal]! + termSum[ordinal]!
        }
        // A repeated query term adds its score again but counts once.
        if (firstOccurrence || quality[ordinal] === 0) quality[ordinal] = quality[ordinal]! + 1
      }
    }

    const weightOf = this.documentFactors(documentWeights)
    const top = new TopK(limit)
    for (let i = 0; i < touched; i++) {
      const ordinal = order[i]!
      let value = total[ordinal]! * quality[ordinal]!
      if (weightOf) value *= weightOf[state.documentOf[ordinal]!] ?? 1
      if (value > top.floor) top.offer(value, i)
    }
    const hits = top
      .drain()
      .map(({ row, score: value }) => ({ id: state.ids.at(order[row]!)!, score: value }))
    // Leave the scratch clean for the next query: only the entries this one touched.
    for (let i = 0; i < touched; i++) {
      const ordinal = order[i]!
      quality[ordinal] = 0
      seenInTerm[ordinal] = 0
    }
    return hits
  }

  /** `documentWeights` by document code, or null when there are none to apply. */
  private documentFactors(weights: ReadonlyMap<string, number> | undefined): Float64Array | null {
    if (!weights || weights.size === 0) return null
    const { documents } = this.state
    const factors = new Float64Array(documents.values.length).fill(1)
    for (const [documentId, weight] of weights) {
      const code = documents.find(documentId)
      if (code !== undefined && Number.isFinite(weight) && weight >= 0) factors[code] = weight
    }
    return factors
  }

  /** The index as bytes for `fromBytes` (format in `bm25Bytes.ts`). */
  toBytes(): Uint8Array {
    return runSteps(encodeBm25Steps(this.state, () => this.sortedTerms()))
  }

  /**
   * `toBytes` a few thousand postings at a time, awaiting `pause` in between (to let the event loop
   * run; it may throw to give up, when the index changed meanwhile).
   */
  async toBytesInSteps(pause: () => Promise<void>): Promise<Uint8Array> {
    return runStepsWithPauses(
      encodeBm25Steps(this.state, () => this.sortedTerms()),
      pause,
    )
  }

  /** Numbers the live chunks 0..n-1 again, in their order, and drops removed chunks' postings. */
  private renumber(): void {
    const restored = Bm25Index.fromBytes(this.toBytes())
    this.state = restored.state
    this.sorted = restored.sorted
    this.sortedCount = restored.sortedCount
  }

  /** Whether a live chunk (in any collection) has the term, in any field. */
  private knows(term: string): boolean {
    const ordinal = this.state.termOf.get(term)
    if (ordinal === undefined) return false
    for (let f = 0; f < FIELDS; f++) {
      if (this.state.postings.live(ordinal * FIELDS + f, this.state.alive) > 0) return true
    }
    return false
  }

  /**
   * The term table in code unit order, for `termsWithinEdits`: terms added since it was last sorted
   * are sorted and merged in (one pass). Terms whose chunks are all gone stay in it; their postings
   * are empty once read, so they add nothing.
   */
  private sortedTerms(): string[] {
    const { terms } = this.state
    if (this.sortedCount === terms.length) return this.sorted
    const added = terms.slice(this.sortedCount).sort()
    const merged = new Array<string>(this.sorted.length + added.length)
    let a = 0
    let b = 0
    for (let i = 0; i < merged.length; i++) {
      merged[i] =
        b >= added.length || (a < this.sorted.length && this.sorted[a]! < added[b]!)
          ? this.sorted[a++]!
          : added[b++]!
    }
    this.sorted = merged
    this.sortedCount = terms.length
    return merged
  }

  private addOne({ id, text, heading, collection_id, document_id }: Bm25Chunk): void {
    // Ordinals are never reused while the index lives; after 33 million adds, renumber the live ones
    // (what a snapshot round trip does; a pause of seconds, once per tens of millions of adds).
    if (this.state.next === MAX_ORDINAL) this.renumber()
    this.changes++
    const state = this.state
    const ordinals = ordinalsOf(state)
    const ordinal = state.next++
    reserve(state, state.next)
    state.ids.set(ordinal, id)
    ordinals.set(id, ordinal)
    state.alive[ordinal] = 1
    state.collectionOf[ordinal] = state.collections.intern(collection_id)
    const document = state.documents.intern(document_id)
    state.documentOf[ordinal] = document
    const siblings = state.byDocument.get(document)
    if (siblings) siblings.push(ordinal)
    else state.byDocument.set(document, [ordinal])
    const before = state.live
    state.live += 1
    const fields = [text, heading]
    for (let f = 0; f < FIELDS; f++) {
      const value = fields[f]
      if (value === null || value === undefined) {
        state.lengths[ordinal * FIELDS + f] = -1
        continue
      }
      const frequencies = new Map<string, number>()
      for (const term of searchTerms(value)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1)
      let length = 0
      for (const term of frequencies.keys()) if (!FIGURE_TERM.test(term)) length++
      state.lengths[ordinal * FIELDS + f] = length
      // MiniSearch's addFieldLength: the running average over the chunks before this one.
      state.averageLengths[f] = ((state.averageLengths[f] ?? 0) * before + length) / (before + 1)
      for (const [term, frequency] of frequencies) {
        let termOrdinal = state.termOf.get(term)
        if (termOrdinal === undefined) {
          termOrdinal = state.terms.length
          state.terms.push(term)
          state.termOf.set(term, termOrdinal)
          state.postings.grow(state.terms.length * FIELDS)
        }
        state.postings.append(termOrdinal * FIELDS + f, ordinal, frequency)
      }
    }
  }
}

/** Makes room for `size` chunk ordinals in the per-chunk arrays (grown by half, so appends stay O(1)). */
function reserve(state: Bm25State, size: number): void {
  if (size <= state.alive.length) return
  const capacity = Math.max(1024, size + (size >> 1))
  const alive = new Uint8Array(capacity)
  alive.set(state.alive)
  state.alive = alive
  state.collectionOf = grownInts(state.collectionOf, capacity)
  state.documentOf = grownInts(state.documentOf, capacity)
  state.lengths = grownInts(state.lengths, capacity * FIELDS)
}

function grownInts(values: Int32Array, capacity: number): Int32Array {
  const next = new Int32Array(capacity)
  next.set(values)
  return next
}

/** One posting list of the current query term, as `accumulate` reads it. */
interface PostingRun {
  data: Int32Array
  start: number
  end: number
  slot: number
  field: number
  factor: number
  idf: number
  averageLength: number
  /** 1 + the query term's index, marking the chunks it touched in `seenInTerm`. */
  mark: number
}

/**
 * Adds one posting list's BM25+ scores into the current query term's per-chunk sums; returns how many
 * chunks the term has touched so far. A module function over typed arrays, not a closure, so that
 * its loop reads no captured, mutable variables.
 */
function accumulate(
  { data, start, end, slot, field, factor, idf, averageLength, mark }: PostingRun,
  { postings, lengths, collectionOf }: Bm25State,
  admitted: Uint8Array | null,
  { termSum, seenInTerm, termDocs }: Scratch,
  touched: number,
): number {
  let inTerm = touched
  for (let at = start; at < end; at++) {
    const word = data[at]!
    const ordinal = ordinalOf(word)
    if (admitted !== null && admitted[collectionOf[ordinal]!] === 0) continue
    let frequency = frequencyOf(word)
    if (frequency === LARGE_FREQUENCY) frequency = postings.frequency(slot, word)
    const length = lengths[ordinal * FIELDS + field]!
    // MiniSearch's calcBM25Score, in its order of operations (so the same scores to the bit).
    const raw =
      idf * (DELTA + (frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / averageLength)))
    const weighted = factor * raw
    if (seenInTerm[ordinal] !== mark) {
      seenInTerm[ordinal] = mark
      termSum[ordinal] = weighted
      termDocs[inTerm++] = ordinal
    } else {
      termSum[ordinal] = termSum[ordinal]! + weighted
    }
  }
  return inTerm
}

/** `documentFrequency` answers kept at most (then forgotten at once): a few per search's words. */
const MAX_KEPT_FREQUENCIES = 10_000

/** Shortest query term worth correcting: shorter words have too many neighbours one edit away. */
const MIN_FUZZY_LENGTH = 5
/** From this length a term may be two edits away (two typos, or a typo in an inflected word). */
const TWO_EDITS_LENGTH = 8

/**
 * The query terms to match fuzzily, with how many edits (Levenshtein) away a match may be: terms
 * the index does not know, one edit for 5 to 7 characters, two from 8 (Elasticsearch's AUTO
 * fuzziness shifted up by two characters: a one-edit neighbour of a short word is usually another
 * word, "balls" and "halls"). Terms with digits are never corrected: 1985 is not 1986, nor A320
 * A321. Fuzzy matches score less than exact ones (weight 0.45, less with each edit), so a
 * correction only decides where the word itself was never found. Measured on xquad-en (632
 * questions): BM25 recall@1 0.962 -> 0.967, recall@5 0.995 -> 0.997.
 */
function fuzzyEdits(terms: readonly string[], known: (term: string) => boolean): Map<string, number> {
  const edits = new Map<string, number>()
  for (const term of terms) {
    const length = [...term].length
    if (length < MIN_FUZZY_LENGTH || /\p{N}/u.test(term) || edits.has(term) || known(term)) continue
    edits.set(term, length >= TWO_EDITS_LENGTH ? 2 : 1)
  }
  return edits
}

/**
 * The adjective of a quality's noun and the noun of an adjective's quality ("linearizability",
 * "linearizable"; "reliable", "reliability"): one word's forms, further apart than a correction's edits.
 * English suffixes.
 */
function derivedForms(term: string): string[] {
  const quality = /([ai])bility$/u.exec(term)
  if (quality) return [`${term.slice(0, quality.index)}${quality[1]}ble`]
  const able = /([ai])ble$/u.exec(term)
  return able ? [`${term.slice(0, able.index)}${able[1]}bility`] : []
}

/** Per-chunk accumulators, indexed by ordinal; reused, so a query allocates little. */
interface Scratch {
  total: Float64Array
  termSum: Float64Array
  /** Distinct query terms matched; 0 also means "not matched yet". */
  quality: Int32Array
  /** 1 + the index of the last query term that touched the chunk (0: none this query). */
  seenInTerm: Int32Array
  /** Chunks in the order first matched, which breaks score ties. */
  order: Int32Array
  /** Chunks the current query term matched, in the order matched. */
  termDocs: Int32Array
}

// One for all indexes: searching is synchronous, so no two searches ever share it at once.
let shared: Scratch | null = null

function scratchFor(size: number): Scratch {
  if (shared === null || shared.total.length < size) {
    const capacity = Math.max(1024, size + (size >> 1))
    shared = {
      total: new Float64Array(capacity),
      termSum: new Float64Array(capacity),
      quality: new Int32Array(capacity),
      seenInTerm: new Int32Array(capacity),
      order: new Int32Array(capacity),
      termDocs: new Int32Array(capacity),
    }
  }
  return shared
}

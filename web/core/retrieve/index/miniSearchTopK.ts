import type MiniSearch from 'minisearch'
import type { SearchOptions } from 'minisearch'
import type { ScoredId } from './ScoredId'
import { TopK } from './TopK'

export interface MiniSearchTopKOptions {
  limit: number
  /**
   * Only documents whose stored `field` is one of `values` (null: all): what a `boostDocument`
   * answering `values.has(stored?.[field]) ? 1 : 0` does in MiniSearch. A field, not a predicate,
   * so that each document's value is read from the stored fields once and then kept as a small
   * integer: at 100k chunks a Map lookup and a Set lookup per posting cost more than the scoring.
   */
  only: DocumentFilter | null
  /** MiniSearch's `fuzzy` search option for this query (default: the index's). */
  fuzzy?: SearchOptions['fuzzy']
}

export interface DocumentFilter {
  field: string
  values: ReadonlySet<unknown>
}

type Postings = Map<number, Map<number, number>>
type ProcessTerm = (term: string) => string | string[] | null | undefined | false

/** The protected state of MiniSearch 7.2 that searching reads (`protected` in its typings). */
interface Internals {
  _index: {
    get(term: string): Postings | undefined
    fuzzyGet(term: string, maxDistance: number): Map<string, [Postings, number]>
  }
  _fieldIds: Record<string, number>
  _avgFieldLength: number[]
  _fieldLength: Map<number, number[]>
  _documentIds: Map<number, unknown>
  _storedFields: Map<number, Record<string, unknown> | undefined>
  _documentCount: number
  _nextId: number
  /** Documents discarded since the last completed vacuum (their postings may remain). */
  _dirtCount: number
  _options: {
    fields: string[]
    tokenize: (text: string) => string[]
    processTerm: ProcessTerm
    searchOptions: SearchOptions & {
      bm25: { k: number; b: number; d: number }
      weights: { fuzzy: number; prefix: number }
      maxFuzzy: number
    }
  }
  removeTerm(fieldId: number, docId: number, term: string): void
}

/**
 * `mini.search(query, {boostDocument, fuzzy})` cut to the best `limit`: the same ids, the same
 * scores to the last bit, the same order, without what MiniSearch builds for every matched document
 * (a result object with a match map, a term list and a copy of its stored fields, then a sort of
 * them all). At 100k chunks a common query term matches tens of thousands of documents, and that
 * bookkeeping, not the BM25 arithmetic, was most of a query's time.
 *
 * It walks MiniSearch's own postings in MiniSearch's order and repeats its arithmetic operation for
 * operation: per query term (repeats included), the term's postings, then its fuzzy neighbours'
 * (weight 0.45 * length / (length + edits)), each field's BM25+ times weight and field boost, summed
 * per query term, then over terms, times the number of distinct query terms matched. Ties keep
 * MiniSearch's order (first matched first). A posting of a discarded document that vacuuming has not
 * cleaned yet is dropped and un-counted exactly as MiniSearch's `termResults` does (the term's
 * document count shrinks from that posting on), so results agree before and after removals.
 *
 * How it fails: it reads MiniSearch's protected fields, so it is tied to the pinned version (7.2.x);
 * `miniSearchTopK.test.ts` compares it with `mini.search` through adds, removals, filters and fuzzy
 * terms. Options it does not reproduce (prefix search, term boosts, AND, filters, a default
 * boostDocument) send the query to `mini.search` itself.
 */
export function miniSearchTopK<T>(
  mini: MiniSearch<T>,
  query: string,
  { limit, only, fuzzy: fuzzyOption }: MiniSearchTopKOptions,
): ScoredId[] {
  if (limit < 1) return []
  const internals = mini as unknown as Internals
  const options = internals._options.searchOptions
  const fuzzy = fuzzyOption ?? options.fuzzy
  if (!reproducible(options)) return fallback(mini, query, limit, only, fuzzy)

  // Query terms as MiniSearch's executeQuery makes them.
  const tokenize = options.tokenize ?? internals._options.tokenize
  const processTerm = (options.processTerm as ProcessTerm | undefined) ?? internals._options.processTerm
  const terms = tokenize(query)
    .flatMap((term) => processTerm(term))
    .filter((term): term is string => !!term)
  if (terms.length === 0) return []

  const fields = options.fields ?? internals._options.fields
  const fieldIds = fields.map((field) => internals._fieldIds[field]!)
  // As MiniSearch: `getOwnProperty(boost, field) || 1`.
  const fieldBoosts = fields.map(
    (field) => (Object.hasOwn(options.boost ?? {}, field) && options.boost?.[field]) || 1,
  )
  const { k, b, d } = options.bm25
  const fuzzyWeight = options.weights.fuzzy
  const scratch = scratchFor(internals._nextId)
  const { total, termSum, quality, seenInTerm, order, termDocs } = scratch
  const documentIds = internals._documentIds
  const fieldLengths = internals._fieldLength
  const storedFields = internals._storedFields
  const totalCount = internals._documentCount
  const fieldCount = Object.keys(internals._fieldIds).length
  const lengths = fieldLengthCache(internals, fieldCount)
  // Postings of discarded documents linger until a vacuum, and a vacuum's end sets the dirt count
  // back to 0 (it counts discards not yet vacuumed): at 0 every posting is a live document's.
  const mayBeStale = internals._dirtCount !== 0
  const filter = only === null ? null : storedValueCache(internals, only.field)
  // Per value code, whether `only` admits it; filled as codes are met.
  const admitted: boolean[] = []
  let touched = 0

  let t = 0
  let inTerm = 0
  /** One source of the current query term: the term itself, or one of its fuzzy neighbours. */
  const score = (sourceTerm: string, weight: number, postings: Postings) => {
    for (let f = 0; f < fieldIds.length; f++) {
      const fieldId = fieldIds[f]!
      const freqs = postings.get(fieldId)
      if (freqs === undefined) continue
      // (termWeight * termBoost * fieldBoost * docBoost) * raw, the factors of 1 left out.
      const factor = weight * fieldBoosts[f]!
      let matching = freqs.size
      const avgFieldLength = internals._avgFieldLength[fieldId]!
      let idfFor = Number.NaN
      let idf = 0
      // forEach rather than keys() and get(): one Map walk per posting list, no lookups.
      freqs.forEach((termFreq, docId) => {
        if (mayBeStale && !documentIds.has(docId)) {
          internals.removeTerm(fieldId, docId, sourceTerm)
          matching -= 1
          return
        }
        if (filter !== null) {
          let code = filter.codeOf[docId]!
          if (code === 0) filter.codeOf[docId] = code = filter.intern(storedFields.get(docId)?.[filter.field])
          let verdict = admitted[code]
          if (verdict === undefined) admitted[code] = verdict = only!.values.has(filter.values[code - 1])
          if (!verdict) return
        }
        const at = docId * fieldCount + fieldId
        let fieldLength = lengths.values[at]!
        if (fieldLength === 0) lengths.values[at] = fieldLength = fieldLengths.get(docId)![fieldId]!
        if (idfFor !== matching) {
          idf = Math.log(1 + (totalCount - matching + 0.5) / (matching + 0.5))
          idfFor = matching
        }
        // MiniSearch's calcBM25Score, in its order of operations.
        const raw =
          idf * (d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avgFieldLength)))
        const weighted = factor * raw
        if (seenInTerm[docId] !== t + 1) {
          seenInTerm[docId] = t + 1
          termSum[docId] = weighted
          termDocs[inTerm++] = docId
        } else {
          termSum[docId] = termSum[docId]! + weighted
        }
      })
    }
  }

  for (; t < terms.length; t++) {
    const term = terms[t]!
    inTerm = 0
    // As executeQuerySpec, step by step: each lookup sees the postings earlier steps cleaned.
    const exact = internals._index.get(term)
    if (exact !== undefined) score(term, 1, exact)
    const maxDistance = fuzzyDistance(term, t, terms, fuzzy, options.maxFuzzy)
    if (maxDistance > 0) {
      const neighbours = internals._index.fuzzyGet(term, maxDistance)
      for (const neighbour of neighbours.keys()) {
        const [postings, distance] = neighbours.get(neighbour)!
        if (!distance) continue // the term itself, scored above
        score(neighbour, (fuzzyWeight * neighbour.length) / (neighbour.length + distance), postings)
      }
    }
    const firstOccurrence = terms.indexOf(term) === t
    for (let i = 0; i < inTerm; i++) {
      const docId = termDocs[i]!
      if (quality[docId] === 0) {
        order[touched++] = docId
        total[docId] = termSum[docId]!
      } else {
        total[docId] = total[docId]! + termSum[docId]!
      }
      // A repeated query term adds its score again but counts once, as MiniSearch's unique terms.
      if (firstOccurrence || quality[docId] === 0) quality[docId] = quality[docId]! + 1
    }
  }

  const top = new TopK(limit)
  for (let i = 0; i < touched; i++) {
    const docId = order[i]!
    const score = total[docId]! * quality[docId]!
    if (score > top.floor) top.offer(score, i)
  }
  const hits = top.drain().map(({ row, score }) => ({ id: documentIds.get(order[row]!) as string, score }))
  // Leave the scratch clean for the next query: only the entries this one touched.
  for (let i = 0; i < touched; i++) {
    const docId = order[i]!
    quality[docId] = 0
    seenInTerm[docId] = 0
  }
  return hits
}

/** The edit distance MiniSearch searches a query term's neighbours within; 0: no fuzzy search. */
function fuzzyDistance(
  term: string,
  i: number,
  terms: string[],
  option: SearchOptions['fuzzy'],
  maxFuzzy: number,
): number {
  const fuzzy = typeof option === 'function' ? option(term, i, terms) : option || false
  if (!fuzzy) return 0
  const fraction = fuzzy === true ? 0.2 : fuzzy
  return fraction < 1 ? Math.min(maxFuzzy, Math.round(term.length * fraction)) : fraction
}

/**
 * Field lengths by short id (`id * fieldCount + fieldId`), 0 until first read: a typed array read
 * instead of a Map lookup and an array index per posting. A short id is never reused and a live
 * document's lengths never change, so an entry, once filled, stays right; only live documents are
 * ever read (stale postings are dropped before). One per MiniSearch instance.
 */
interface LengthCache {
  values: Float64Array
}

const lengthCaches = new WeakMap<object, LengthCache>()

function fieldLengthCache(internals: Internals, fieldCount: number): LengthCache {
  let cache = lengthCaches.get(internals)
  if (cache === undefined) lengthCaches.set(internals, (cache = { values: new Float64Array(0) }))
  const needed = internals._nextId * fieldCount
  if (cache.values.length < needed) {
    const grown = new Float64Array(Math.max(1024, needed * 2))
    grown.set(cache.values)
    cache.values = grown
  }
  return cache
}

/**
 * One stored field's values by short id, as codes (1 + index into `values`; 0 until first read),
 * filled as documents are met. Sound for the reason the length cache is: short ids are never
 * reused and a live document's stored fields never change. One per MiniSearch instance and field.
 */
interface StoredValueCache {
  field: string
  codeOf: Int32Array
  values: unknown[]
  intern(value: unknown): number
}

const storedValueCaches = new WeakMap<object, Map<string, StoredValueCache>>()

function storedValueCache(internals: Internals, field: string): StoredValueCache {
  let byField = storedValueCaches.get(internals)
  if (byField === undefined) storedValueCaches.set(internals, (byField = new Map()))
  let cache = byField.get(field)
  if (cache === undefined) {
    const codes = new Map<unknown, number>()
    const values: unknown[] = []
    cache = {
      field,
      codeOf: new Int32Array(0),
      values,
      intern(value) {
        let code = codes.get(value)
        if (code === undefined) {
          values.push(value)
          codes.set(value, (code = values.length))
        }
        return code
      },
    }
    byField.set(field, cache)
  }
  if (cache.codeOf.length < internals._nextId) {
    const grown = new Int32Array(Math.max(1024, internals._nextId * 2))
    grown.set(cache.codeOf)
    cache.codeOf = grown
  }
  return cache
}

/** Per-document accumulators, indexed by MiniSearch's short ids; reused, so a query allocates little. */
interface Scratch {
  total: Float64Array
  termSum: Float64Array
  /** Distinct query terms matched; 0 also means "not matched yet". */
  quality: Int32Array
  /** 1 + the index of the last query term that touched the document (0: none this query). */
  seenInTerm: Int32Array
  /** Documents in the order first matched: MiniSearch's result order, which breaks score ties. */
  order: Int32Array
  /** Documents the current query term matched, in the order matched. */
  termDocs: Int32Array
}

// One for all indexes: searching is synchronous, so no two searches ever share it at once.
let shared: Scratch | null = null

function scratchFor(size: number): Scratch {
  if (shared === null || shared.total.length < size) {
    const capacity = Math.max(1024, size * 2)
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

function reproducible(options: Internals['_options']['searchOptions']): boolean {
  return (
    !options.prefix &&
    options.boostTerm === undefined &&
    options.boostDocument === undefined &&
    options.filter === undefined &&
    (options.combineWith ?? 'or').toLowerCase() === 'or'
  )
}

function fallback<T>(
  mini: MiniSearch<T>,
  query: string,
  limit: number,
  only: DocumentFilter | null,
  fuzzy: SearchOptions['fuzzy'],
): ScoredId[] {
  const hits = mini.search(query, {
    fuzzy,
    boostDocument: only ? (_id, _term, stored) => (only.values.has(stored?.[only.field]) ? 1 : 0) : undefined,
  })
  return hits.slice(0, limit).map((hit) => ({ id: hit.id as string, score: hit.score }))
}

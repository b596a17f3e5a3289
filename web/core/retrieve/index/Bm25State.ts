import { IdTable } from './IdTable'
import { Interner } from './Interner'
import { Postings } from './Postings'

/** The fields a chunk is indexed by, in scoring order: text, then heading. */
export const BM25_FIELDS = 2

/**
 * The index's whole state, for `bm25Bytes.ts` to write and read: chunks by dense ordinal (never
 * reused while the index lives; a snapshot renumbers the live ones), terms by ordinal, postings by
 * slot `term * BM25_FIELDS + field`.
 */
export interface Bm25State {
  /** Chunk ids by ordinal ('' for a removed chunk's). */
  ids: IdTable
  /**
   * Chunk ordinals by id; null until first needed after a load (`ordinalsOf`): searching never needs
   * it, and making it hashes every id (about 0.1 s at 139k chunks, a cold start's first search waiting).
   */
  ordinalOf: Map<string, number> | null
  /** 1 for a live chunk, 0 for a removed one (its postings linger until their slot is cleaned). */
  alive: Uint8Array
  collectionOf: Int32Array
  documentOf: Int32Array
  /** Per chunk and field: its number of distinct terms, -1 for a null field (a chunk without heading). */
  lengths: Int32Array
  /** Chunk ordinals issued so far (live or not). */
  next: number
  live: number
  /**
   * Per field, MiniSearch's running average field length: updated as each chunk is added or removed,
   * over the live chunk count, a chunk without the field leaving it unchanged (so not quite a mean
   * over the chunks that have the field: kept as MiniSearch computed it, so that scores stay).
   */
  averageLengths: Float64Array
  collections: Interner
  documents: Interner
  /** Live chunk ordinals per document code. */
  byDocument: Map<number, number[]>
  terms: string[]
  termOf: Map<string, number>
  postings: Postings
}

export function emptyState(): Bm25State {
  return {
    ids: IdTable.empty(),
    ordinalOf: new Map(),
    alive: new Uint8Array(0),
    collectionOf: new Int32Array(0),
    documentOf: new Int32Array(0),
    lengths: new Int32Array(0),
    next: 0,
    live: 0,
    averageLengths: new Float64Array(BM25_FIELDS),
    collections: new Interner(),
    documents: new Interner(),
    byDocument: new Map(),
    terms: [],
    termOf: new Map(),
    postings: new Postings(),
  }
}

/**
 * The state's map of chunk ordinals by id, made from `ids` the first time it is needed. Throws a
 * RangeError on an id twice (no writer of this build makes one, and a snapshot's checksum rules out
 * damage; the map stays unmade, so every use refuses again rather than answering for one of the two).
 */
export function ordinalsOf(state: Bm25State): Map<string, number> {
  if (state.ordinalOf !== null) return state.ordinalOf
  const ordinals = new Map<string, number>()
  const { ids, alive, next } = state
  for (let ordinal = 0; ordinal < next; ordinal++) {
    if (alive[ordinal] === 0) continue
    ordinals.set(ids.at(ordinal)!, ordinal)
  }
  if (ordinals.size !== state.live) throw new RangeError('A chunk id twice in the keyword index')
  state.ordinalOf = ordinals
  return ordinals
}

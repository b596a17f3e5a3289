import MiniSearch, { type AsPlainObject, type Options } from 'minisearch'
import { decodeMiniSearch, encodeMiniSearchSteps } from './miniSearchBytes'
import { miniSearchTopK } from './miniSearchTopK'
import type { ScoredId } from './ScoredId'
import { TOKENIZER_VERSION, tokenize } from './tokenize'

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
}

/** MiniSearch's own serialisation, tagged with the tokenizer version that produced its terms. */
export interface Bm25IndexJSON {
  format: 'quire-bm25'
  tokenizer: number
  index: AsPlainObject
}

interface ChunkOwner {
  collection_id: string
  document_id: string
}

/**
 * A heading is shared by every chunk of its section, so its terms say which section a passage is in
 * rather than what it says: they count a little more than body text, not enough to let a section's
 * heading outrank the paragraph that answers. A judgement call: on xquad-en (one heading per article)
 * any boost from 0.5 to 3 gives the same recall, and indexing the heading at all lifts recall@1 from
 * 0.951 to 0.957.
 */
const HEADING_BOOST = 1.5

const STORED_FIELDS = ['collection_id', 'document_id']

// loadJSON must be given exactly the options the index was built with; keep them in one constant.
const OPTIONS: Options<Bm25Chunk> = {
  fields: ['text', 'heading'],
  storeFields: STORED_FIELDS,
  tokenize: (text) => tokenize(text),
  // tokenize already normalises, lowercases and drops stop words.
  processTerm: (term) => term,
  searchOptions: { boost: { heading: HEADING_BOOST } },
}

/**
 * BM25 keyword search over chunks (MiniSearch: BM25+ with k1 1.2, b 0.7). Scores are MiniSearch's:
 * the BM25 sum times the number of distinct query terms matched, so unbounded and only comparable
 * within one query. Removal uses MiniSearch's `discard` (by id, no need to keep chunk texts around);
 * its auto-vacuum cleans the postings later, in the background.
 */
export class Bm25Index {
  private readonly owners = new Map<string, ChunkOwner>()
  private readonly byDocument = new Map<string, Set<string>>()

  private mini = new MiniSearch<Bm25Chunk>(OPTIONS)

  /**
   * Restores an index from `toJSON`'s output (or its JSON text) without re-tokenizing. Throws when
   * it was made by another tokenizer version or is not one: the caller rebuilds from the chunks.
   */
  static fromJSON(json: Bm25IndexJSON | string): Bm25Index {
    const parsed: unknown = typeof json === 'string' ? JSON.parse(json) : json
    if (!isBm25IndexJSON(parsed)) throw new TypeError('Not a serialised Bm25Index')
    if (parsed.tokenizer !== TOKENIZER_VERSION) {
      throw new RangeError(
        `Bm25Index was built with tokenizer ${parsed.tokenizer}, this build uses ${TOKENIZER_VERSION}`,
      )
    }
    const index = new Bm25Index()
    index.mini = MiniSearch.loadJS(parsed.index, OPTIONS)
    // The id -> collection and document maps are not stored twice: the stored fields hold them.
    for (const [shortId, id] of Object.entries(parsed.index.documentIds)) {
      const fields = parsed.index.storedFields[shortId] as Partial<ChunkOwner> | undefined
      if (typeof id !== 'string' || typeof fields?.collection_id !== 'string') continue
      index.track(id, { collection_id: fields.collection_id, document_id: String(fields.document_id) })
    }
    return index
  }

  /**
   * Restores an index from `toBytes`' output (the index snapshot's form: far faster to read than
   * JSON). Throws a RangeError when the bytes are not one or another tokenizer made them.
   */
  static fromBytes(bytes: Uint8Array): Bm25Index {
    if (bytes.length < 4) throw new RangeError('Not a Bm25Index')
    const tokenizer = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true)
    if (tokenizer !== TOKENIZER_VERSION) {
      throw new RangeError(
        `Bm25Index was built with tokenizer ${tokenizer}, this build uses ${TOKENIZER_VERSION}`,
      )
    }
    const index = new Bm25Index()
    index.mini = decodeMiniSearch(bytes.subarray(4), OPTIONS, STORED_FIELDS)
    const state = index.mini as unknown as {
      _storedFields: Map<number, ChunkOwner>
      _documentIds: Map<number, string>
    }
    for (const [shortId, id] of state._documentIds) index.track(id, state._storedFields.get(shortId)!)
    return index
  }

  get size(): number {
    return this.mini.documentCount
  }

  has(id: string): boolean {
    return this.owners.has(id)
  }

  /** Adds chunks; a chunk whose id is already indexed replaces the old version. */
  add(chunks: readonly Bm25Chunk[]): void {
    for (const chunk of chunks) {
      const { id, text, heading, collection_id, document_id } = chunk
      // MiniSearch throws on a duplicate id; replacing is what re-processing a document needs.
      if (this.owners.has(id)) this.remove([id])
      this.mini.add({ id, text, heading, collection_id, document_id })
      this.track(id, { collection_id, document_id })
    }
  }

  /** Ids of the document's indexed chunks. */
  documentChunkIds(documentId: string): string[] {
    return [...(this.byDocument.get(documentId) ?? [])]
  }

  /** Removes chunks by id; unknown ids are ignored. */
  remove(ids: readonly string[]): void {
    const present = ids.filter((id) => this.owners.has(id))
    for (const id of present) this.untrack(id)
    this.mini.discardAll([...new Set(present)])
  }

  removeDocument(documentId: string): void {
    const ids = this.byDocument.get(documentId)
    if (ids) this.remove([...ids])
  }

  /** O(chunks): deleting a collection is rare, so no per-collection map is kept for it. */
  removeCollection(collectionId: string): void {
    const ids: string[] = []
    for (const [id, owner] of this.owners) if (owner.collection_id === collectionId) ids.push(id)
    this.remove(ids)
  }

  /**
   * Chunks matching any query term, best first. A query term the index has never seen (a typo,
   * "septicemia" for "septicemic", a plural the text never uses) is matched fuzzily instead, within
   * a small edit distance (see `fuzzyEdits`); terms the index knows stay exact, so a query with no
   * unknown term runs exactly as before.
   */
  search(query: string, { limit, collectionIds }: Bm25SearchOptions): ScoredId[] {
    if (limit <= 0 || this.size === 0) return []
    const allowed = collectionIds === undefined ? null : new Set(collectionIds)
    if (allowed?.size === 0) return []
    const edits = fuzzyEdits(query, (term) => this.knowsTerm(term))
    // What `this.mini.search(query, {boostDocument, fuzzy})` cut to `limit` gives, to the bit, without
    // the result objects MiniSearch builds for every match (see miniSearchTopK: 100k chunks).
    return miniSearchTopK(this.mini, query, {
      limit,
      // As a boostDocument of 0 would: the document is skipped before it is scored.
      only: allowed ? { field: 'collection_id', values: allowed } : null,
      fuzzy: edits.size > 0 ? (term) => edits.get(term) ?? false : undefined,
    })
  }

  /** The index as bytes for `fromBytes`: the tokenizer version (u32), then MiniSearch's state. */
  toBytes(): Uint8Array {
    const steps = encodeMiniSearchSteps(this.mini as MiniSearch<unknown>, STORED_FIELDS)
    for (;;) {
      const step = steps.next()
      if (step.done) return withTokenizer(step.value)
    }
  }

  /**
   * `toBytes` a few hundred terms at a time, awaiting `pause` in between (to let the event loop run;
   * it may throw to give up, when the index changed meanwhile).
   */
  async toBytesInSteps(pause: () => Promise<void>): Promise<Uint8Array> {
    const steps = encodeMiniSearchSteps(this.mini as MiniSearch<unknown>, STORED_FIELDS)
    for (;;) {
      const step = steps.next()
      if (step.done) return withTokenizer(step.value)
      await pause()
    }
  }

  toJSON(): Bm25IndexJSON {
    return { format: 'quire-bm25', tokenizer: TOKENIZER_VERSION, index: this.mini.toJSON() }
  }

  /**
   * Whether any indexed chunk (in any collection; a discarded one until vacuumed) has the term. Reads
   * MiniSearch's protected term map, as `miniSearchTopK` does: tied to the pinned MiniSearch 7.2,
   * and `Bm25Index.test.ts` fails if that map moves (a misspelt query would no longer match).
   */
  private knowsTerm(term: string): boolean {
    return (this.mini as unknown as { _index: { has(term: string): boolean } })._index.has(term)
  }

  private track(id: string, owner: ChunkOwner): void {
    this.owners.set(id, owner)
    let ids = this.byDocument.get(owner.document_id)
    if (!ids) this.byDocument.set(owner.document_id, (ids = new Set()))
    ids.add(id)
  }

  private untrack(id: string): void {
    const owner = this.owners.get(id)
    if (!owner) return
    this.owners.delete(id)
    const ids = this.byDocument.get(owner.document_id)
    ids?.delete(id)
    if (ids?.size === 0) this.byDocument.delete(owner.document_id)
  }
}

/** Shortest query term worth correcting: shorter words have too many neighbours one edit away. */
const MIN_FUZZY_LENGTH = 5
/** From this length a term may be two edits away (two typos, or a typo in an inflected word). */
const TWO_EDITS_LENGTH = 8

/**
 * The query terms to match fuzzily, with how many edits (Levenshtein) away a match may be: terms
 * the index does not know, one edit for 5 to 7 characters, two from 8 (Elasticsearch's AUTO
 * fuzziness shifted up by two characters: a one-edit neighbour of a short word is usually another
 * word, "balls" and "halls"). Terms with digits are never corrected: 1985 is not 1986, nor A320
 * A321. Fuzzy matches score less than exact ones (MiniSearch weighs them 0.45, less with each
 * edit), so a correction only decides where the word itself was never found. Measured on xquad-en
 * (632 questions): BM25 recall@1 0.962 -> 0.967, recall@5 0.995 -> 0.997.
 */
function fuzzyEdits(query: string, known: (term: string) => boolean): Map<string, number> {
  const edits = new Map<string, number>()
  for (const term of tokenize(query)) {
    const length = [...term].length
    if (length < MIN_FUZZY_LENGTH || /\p{N}/u.test(term) || edits.has(term) || known(term)) continue
    edits.set(term, length >= TWO_EDITS_LENGTH ? 2 : 1)
  }
  return edits
}

function isBm25IndexJSON(value: unknown): value is Bm25IndexJSON {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Bm25IndexJSON>
  return (
    candidate.format === 'quire-bm25' &&
    typeof candidate.tokenizer === 'number' &&
    typeof candidate.index === 'object' &&
    candidate.index !== null &&
    typeof candidate.index.documentIds === 'object' &&
    typeof candidate.index.storedFields === 'object'
  )
}

/** The tokenizer version (u32) before MiniSearch's state: `fromBytes` refuses another's. */
function withTokenizer(state: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(4 + state.length)
  new DataView(bytes.buffer).setUint32(0, TOKENIZER_VERSION, true)
  bytes.set(state, 4)
  return bytes
}

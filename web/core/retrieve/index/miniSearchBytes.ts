import MiniSearch, { type Options } from 'minisearch'
import { ByteReader, ByteWriter } from './ByteSections'
import { LazyPostings } from './LazyPostings'

/** MiniSearch 7.2's protected state, as its own `toJSON` and `loadJS` read and write it. */
interface MiniSearchState {
  _index: {
    keys(): IterableIterator<string>
    get(term: string): Map<number, Map<number, number>> | undefined
    set(term: string, data: Map<number, Map<number, number>>): unknown
  }
  _documentCount: number
  _documentIds: Map<number, string>
  _idToShortId: Map<string, number>
  _fieldIds: Record<string, number>
  _fieldLength: Map<number, number[]>
  _avgFieldLength: number[]
  _nextId: number
  _storedFields: Map<number, Record<string, unknown>>
  _dirtCount: number
}

const FORMAT = 'quire-minisearch-bytes'
const VERSION = 1

interface Header {
  format: typeof FORMAT
  version: number
  documentCount: number
  nextId: number
  dirtCount: number
  fieldIds: Record<string, number>
  avgFieldLength: number[]
  /** The stored fields, each a string (Bm25Index stores collection_id and document_id). */
  storedFields: string[]
  documents: number
  terms: number
  entries: number
  postings: number
}

/** Terms encoded between two yields of `encodeMiniSearchSteps` (a few ms of work). */
const TERMS_PER_STEP = 256

/**
 * A MiniSearch index as bytes, state for state (postings of discarded documents and the dirt count
 * too, so the index read back scores, vacuums and matches fuzzily exactly as this one). Same data as
 * MiniSearch's `toJSON`, in typed arrays: at 100k chunks its JSON took about 3 s to parse and 6 s to
 * load, these bytes well under one. Reads MiniSearch's protected fields, as `miniSearchTopK` does:
 * tied to the pinned 7.2 (`Bm25Index.bytes.test.ts` compares searches of an index read back).
 *
 * A generator: it yields every few hundred terms, so a caller can let the event loop run (a
 * 100k-chunk index took seconds in one go). Each term is read whole within one
 * step, by name (a term removed meanwhile is left out); whether the rest of the index changed in
 * between is the caller's to check at each yield (ManagedIndex gives up and saves later).
 */
export function* encodeMiniSearchSteps(
  mini: MiniSearch<unknown>,
  storedFields: readonly string[],
): Generator<void, Uint8Array, void> {
  const state = mini as unknown as MiniSearchState
  const fieldCount = Object.keys(state._fieldIds).length
  const shortIds = [...state._documentIds.keys()]
  const ids = shortIds.map((shortId) => state._documentIds.get(shortId)!)
  const fieldLength = new Int32Array(shortIds.length * fieldCount).fill(-1)
  const stored = storedFields.map(() => new Array<string>(shortIds.length))
  shortIds.forEach((shortId, row) => {
    const lengths = state._fieldLength.get(shortId) ?? []
    for (let field = 0; field < fieldCount; field++) {
      const length = lengths[field]
      if (length !== undefined) fieldLength[row * fieldCount + field] = checkInt(length)
    }
    const fields = state._storedFields.get(shortId) ?? {}
    storedFields.forEach((name, i) => {
      const value = fields[name]
      if (typeof value !== 'string') throw new RangeError(`Stored field ${name} is not a string`)
      stored[i]![row] = value
    })
  })
  const header: Header = {
    format: FORMAT,
    version: VERSION,
    documentCount: state._documentCount,
    nextId: state._nextId,
    dirtCount: state._dirtCount,
    fieldIds: state._fieldIds,
    avgFieldLength: [...state._avgFieldLength],
    storedFields: [...storedFields],
    documents: shortIds.length,
    terms: 0,
    entries: 0,
    postings: 0,
  }

  const names = [...state._index.keys()]
  const terms: string[] = []
  const entryCounts = new IntList()
  const entryFields = new IntList()
  const postingCounts = new IntList()
  const postingDocs = new IntList()
  const postingFreqs = new IntList()
  for (let i = 0; i < names.length; i++) {
    if (i > 0 && i % TERMS_PER_STEP === 0) yield
    const data = state._index.get(names[i]!)
    if (data === undefined) continue
    terms.push(names[i]!)
    entryCounts.push(data.size)
    for (const [fieldId, freqs] of data) {
      entryFields.push(fieldId)
      postingCounts.push(freqs.size)
      for (const [doc, freq] of freqs) {
        postingDocs.push(doc)
        postingFreqs.push(checkInt(freq))
      }
    }
  }
  header.terms = terms.length
  header.entries = entryFields.length
  header.postings = postingDocs.length

  const writer = new ByteWriter().json(header).ints(Int32Array.from(shortIds)).strings(ids)
  writer.ints(fieldLength)
  for (const values of stored) writer.strings(values)
  return writer
    .strings(terms)
    .ints(entryCounts.values())
    .ints(entryFields.values())
    .ints(postingCounts.values())
    .ints(postingDocs.values())
    .ints(postingFreqs.values())
    .finish()
}

/** A growing list of i32 (doubling), read once as an Int32Array. */
class IntList {
  private items = new Int32Array(1024)
  length = 0

  push(value: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2)
      grown.set(this.items)
      this.items = grown
    }
    this.items[this.length++] = value
  }

  values(): Int32Array {
    return this.items.subarray(0, this.length)
  }
}

/**
 * Reads what `encodeMiniSearch` wrote into a new MiniSearch made with `options` (those the index was
 * built with). Each term's postings stay in the decoded arrays until first read (`LazyPostings`). Throws a RangeError on anything else or anything inconsistent: the caller rebuilds.
 */
export function decodeMiniSearch<T>(
  bytes: Uint8Array,
  options: Options<T>,
  storedFields: readonly string[],
): MiniSearch<T> {
  const reader = new ByteReader(bytes)
  const header = reader.json() as Partial<Header> | null
  if (header?.format !== FORMAT || header.version !== VERSION) throw new RangeError('not MiniSearch bytes')
  const { documents, terms: termCount, entries, postings } = header
  if (![documents, termCount, entries, postings, header.documentCount, header.nextId].every(isCount)) {
    throw new RangeError('a count that is not one')
  }
  if (JSON.stringify(header.storedFields) !== JSON.stringify(storedFields)) {
    throw new RangeError('other stored fields')
  }
  const mini = new MiniSearch<T>(options)
  const state = mini as unknown as MiniSearchState
  if (JSON.stringify(header.fieldIds) !== JSON.stringify(state._fieldIds))
    throw new RangeError('other fields')
  const fieldCount = Object.keys(state._fieldIds).length
  if (!Array.isArray(header.avgFieldLength) || !header.avgFieldLength.every(Number.isFinite)) {
    throw new RangeError('unreadable field lengths')
  }

  const shortIds = reader.ints(documents)
  const ids = reader.strings(documents)
  const fieldLength = reader.ints(documents! * fieldCount)
  const stored = storedFields.map(() => reader.strings(documents))
  const terms = reader.strings(termCount)
  const entryCounts = reader.ints(termCount)
  const entryFields = reader.ints(entries)
  const postingCounts = reader.ints(entries)
  const postingDocs = reader.ints(postings)
  const postingFreqs = reader.ints(postings)
  reader.end()

  for (let row = 0; row < shortIds.length; row++) {
    const shortId = shortIds[row]!
    const id = ids[row]!
    if (state._documentIds.has(shortId) || state._idToShortId.has(id)) throw new RangeError('a duplicate id')
    state._documentIds.set(shortId, id)
    state._idToShortId.set(id, shortId)
    const lengths: number[] = []
    for (let field = 0; field < fieldCount; field++) {
      const length = fieldLength[row * fieldCount + field]!
      if (length >= 0) lengths[field] = length
    }
    state._fieldLength.set(shortId, lengths)
    const fields: Record<string, string> = {}
    storedFields.forEach((name, i) => (fields[name] = stored[i]![row]!))
    state._storedFields.set(shortId, fields)
  }
  // Where each field entry's postings start, checked once here; the postings themselves become Maps
  // only when their term is first read (LazyPostings).
  const postingStarts = new Int32Array(entries! + 1)
  for (let entry = 0; entry < entries!; entry++) {
    const count = postingCounts[entry]!
    if (count < 0 || postingStarts[entry]! + count > postings!)
      throw new RangeError('postings past their end')
    postingStarts[entry + 1] = postingStarts[entry]! + count
  }
  if (postingStarts[entries!] !== postings) throw new RangeError('postings left over')
  const arrays = { entryFields, postingStarts, docs: postingDocs, freqs: postingFreqs }
  let entry = 0
  for (let term = 0; term < terms.length; term++) {
    const count = entryCounts[term]!
    if (count < 0 || entry + count > entries!) throw new RangeError('postings past their end')
    state._index.set(terms[term]!, new LazyPostings(arrays, entry, entry + count))
    entry += count
  }
  if (entry !== entries) throw new RangeError('postings left over')
  state._documentCount = header.documentCount!
  state._nextId = header.nextId!
  state._dirtCount = isCount(header.dirtCount) ? header.dirtCount : 0
  state._avgFieldLength = header.avgFieldLength
  return mini
}

function checkInt(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 0x7fffffff) {
    throw new RangeError(`${value} does not fit the index's bytes`)
  }
  return value
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}

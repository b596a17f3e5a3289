import { BM25_FIELDS, type Bm25State, emptyState } from './Bm25State'
import { ByteReader, ByteWriter } from './ByteSections'
import { IdTable } from './IdTable'
import { Interner } from './Interner'
import { PackedPostingsWriter, packedSlotsFit } from './packedPostings'
import { frequencyOf, LARGE_FREQUENCY, largeKey, ordinalOf, postingWord } from './Postings'
import { TOKENIZER_VERSION } from './tokenize'
import { runSteps } from '../../kernel/time/runSteps'

/**
 * "QBM3": Quire's own BM25 index (docs/decisions/0001-own-bm25-index.md), its postings packed
 * (`packedPostings.ts`, docs/decisions/0009-snapshot-format-2.md).
 * "QBM2", the same with the postings as Int32 words, is still read (snapshots of format 1). The bytes
 * before were MiniSearch's state behind the tokenizer version, a small number: refused here with a
 * RangeError, so such a snapshot is rebuilt from the stored chunks.
 */
const FORMAT = 0x33_4d_42_51
const FORMAT_WORDS = 0x32_4d_42_51

/** Postings written between two pauses of `toBytesInSteps`. */
const WORDS_PER_STEP = 1 << 13
/** Chunks renumbered (or listed by document, when read) between two pauses. */
const CHUNKS_PER_STEP = 1 << 16
/** Terms read between two pauses of `decodeBm25Steps`. */
const TERMS_PER_STEP = 1 << 15

interface Header {
  chunks: number
  terms: number
  averageLengths: number[]
}

/**
 * The index as bytes, a step at a time (the generator yields between steps; its return value is the
 * bytes). Little-endian: the format (u32), the tokenizer version (u32), then `ByteSections`: a JSON
 * header (counts, the running average field lengths), the live chunks' ids (renumbered 0..n-1 in
 * their order, which is also their postings' order), collection table and codes, document table and
 * codes, field lengths (n * fields), the terms with live postings in code unit order, per slot
 * (term * fields + field) its first posting in the pool (terms * fields + 1 offsets), the pool of
 * posting words (`Postings.ts`: ordinal and frequency in one int32) packed (`PackedPostingsWriter`:
 * where each slot's bytes start, then the bytes), and (slot, ordinal, frequency) triples for
 * frequencies of 63 and more. Removed chunks' postings are dropped on the way.
 *
 * `sorted` is the term table in code unit order (Bm25Index keeps one for fuzzy lookups).
 */
export function* encodeBm25Steps(state: Bm25State, sorted: () => string[]): Generator<void, Uint8Array> {
  const { alive, next, ids, collectionOf, documentOf, lengths, postings, termOf } = state
  const renumbered = new Int32Array(next)
  const liveIds: string[] = []
  const collections = new Interner()
  const documents = new Interner()
  const collectionCodes = new Int32Array(state.live)
  const documentCodes = new Int32Array(state.live)
  const liveLengths = new Int32Array(state.live * BM25_FIELDS)
  for (let ordinal = 0; ordinal < next; ordinal++) {
    if (ordinal > 0 && ordinal % CHUNKS_PER_STEP === 0) yield
    if (alive[ordinal] === 0) {
      renumbered[ordinal] = -1
      continue
    }
    const at = liveIds.length
    renumbered[ordinal] = at
    liveIds.push(ids.at(ordinal)!)
    collectionCodes[at] = collections.intern(state.collections.values[collectionOf[ordinal]!]!)
    documentCodes[at] = documents.intern(state.documents.values[documentOf[ordinal]!]!)
    for (let f = 0; f < BM25_FIELDS; f++)
      liveLengths[at * BM25_FIELDS + f] = lengths[ordinal * BM25_FIELDS + f]!
  }
  yield

  const terms: string[] = []
  const offsets: number[] = [0]
  const pool = new PackedPostingsWriter()
  /** One slot's words, renumbered. */
  let slotWords = new Int32Array(1 << 12)
  let words = 0
  /** (slot, ordinal, frequency) of the frequencies of 63 and more, as written. */
  const large: number[] = []
  let sinceStep = 0
  for (const term of sorted()) {
    const ordinal = termOf.get(term)!
    const first = words
    for (let f = 0; f < BM25_FIELDS; f++) {
      const slot = ordinal * BM25_FIELDS + f
      const { data, start, count } = postings.readOnce(slot, alive)
      if (count > slotWords.length) slotWords = new Int32Array(Math.max(2 * slotWords.length, count))
      for (let i = 0; i < count; i++) {
        const word = data[start + i]!
        const chunk = renumbered[ordinalOf(word)]!
        slotWords[i] = postingWord(chunk, frequencyOf(word))
        if (frequencyOf(word) === LARGE_FREQUENCY) {
          large.push(terms.length * BM25_FIELDS + f, chunk, postings.frequency(slot, word))
        }
      }
      pool.slot(slotWords, 0, count)
      words += count
      offsets.push(words)
    }
    if (words === first) {
      // No live chunk has the term any more: left out.
      offsets.length -= BM25_FIELDS
      pool.dropEmpty(BM25_FIELDS)
      continue
    }
    terms.push(term)
    sinceStep += words - first
    if (sinceStep >= WORDS_PER_STEP) {
      sinceStep = 0
      yield
    }
  }

  const header: Header = {
    chunks: liveIds.length,
    terms: terms.length,
    averageLengths: [...state.averageLengths],
  }
  const prefix = new Uint8Array(8)
  const view = new DataView(prefix.buffer)
  view.setUint32(0, FORMAT, true)
  view.setUint32(4, TOKENIZER_VERSION, true)
  const packed = pool.finish()
  return new ByteWriter()
    .bytes(prefix)
    .json(header)
    .strings(liveIds)
    .strings(collections.values)
    .ints(collectionCodes)
    .strings(documents.values)
    .ints(documentCodes)
    .ints(liveLengths)
    .strings(terms)
    .ints(Int32Array.from(offsets))
    .ints(packed.starts)
    .bytes(packed.bytes)
    .ints(Int32Array.from(large))
    .finish()
}

/** Reads `encodeBm25Steps`' bytes; throws a RangeError on another format or tokenizer, or anything malformed. */
export function decodeBm25(bytes: Uint8Array): Bm25State {
  return runSteps(decodeBm25Steps(bytes))
}

/**
 * `decodeBm25` a step at a time (the generator yields between steps; its return value is the state):
 * at 139k passages a browser's cold start decodes for 0.1-0.2 s, and in one go the API worker's
 * IndexedDB reads meanwhile (its store opening, its start, the documents' profiles) waited for the end
 * of it, each of their steps one after another (docs/decisions/0010-browser-cold-start-read.md).
 */
export function* decodeBm25Steps(bytes: Uint8Array): Generator<void, Bm25State> {
  const reader = new ByteReader(bytes)
  let prefix: Uint8Array
  try {
    prefix = reader.bytes()
  } catch {
    throw new RangeError('Not a Bm25Index of this format')
  }
  if (prefix.length !== 8) throw new RangeError('Not a Bm25Index of this format')
  const view = new DataView(prefix.buffer, prefix.byteOffset, 8)
  const format = view.getUint32(0, true)
  if (format !== FORMAT && format !== FORMAT_WORDS) throw new RangeError('Not a Bm25Index of this format')
  const tokenizer = view.getUint32(4, true)
  if (tokenizer !== TOKENIZER_VERSION) {
    throw new RangeError(
      `Bm25Index was built with tokenizer ${tokenizer}, this build uses ${TOKENIZER_VERSION}`,
    )
  }
  const header = reader.json() as Partial<Header> | null
  const n = header?.chunks
  const termCount = header?.terms
  const averages = header?.averageLengths
  if (
    !Number.isInteger(n) ||
    !Number.isInteger(termCount) ||
    !Array.isArray(averages) ||
    averages.length !== BM25_FIELDS ||
    !averages.every((value) => typeof value === 'number')
  ) {
    throw new RangeError('Not a Bm25Index header')
  }
  const state = emptyState()
  // The map of ordinals by id is made on its first use (`ordinalsOf`: never by a search).
  // Kept as read, each id cut out when first asked (`IdTable`).
  state.ids = IdTable.of(reader.stringTable(n))
  state.ordinalOf = null
  yield
  state.collections = Interner.from(reader.strings())
  state.collectionOf = codes(reader.ints(n), state.collections.values.length)
  state.documents = Interner.from(reader.strings())
  state.documentOf = codes(reader.ints(n), state.documents.values.length)
  state.lengths = reader.ints(n! * BM25_FIELDS)
  yield
  state.terms = reader.strings(termCount)
  yield
  for (let t = 0; t < termCount!; t++) {
    if (t > 0 && !(state.terms[t - 1]! < state.terms[t]!)) throw new RangeError('Terms out of order')
    state.termOf.set(state.terms[t]!, t)
    if (t % TERMS_PER_STEP === TERMS_PER_STEP - 1) yield
  }
  yield
  const slots = termCount! * BM25_FIELDS
  const offsets = reader.ints(slots + 1)
  if (offsets[0] !== 0) throw new RangeError('Postings past their pool')
  for (let s = 0; s < slots; s++) {
    if (offsets[s + 1]! < offsets[s]!) throw new RangeError('Postings out of order')
  }
  let packed: { starts: Int32Array; bytes: Uint8Array } | undefined
  let pool: Int32Array | undefined
  if (format === FORMAT) {
    packed = { starts: reader.ints(slots + 1), bytes: reader.bytes() }
    if (!packedSlotsFit(offsets, packed.starts, packed.bytes.length))
      throw new RangeError('Postings past their pool')
  } else {
    pool = reader.ints()
    if (offsets[slots]! !== pool.length) throw new RangeError('Postings past their pool')
    if (!postingsWithin(pool, n!)) throw new RangeError('A posting of no chunk')
  }
  yield
  const largeTriples = reader.ints()
  reader.end()
  if (largeTriples.length % 3 !== 0) throw new RangeError('Large frequencies of odd size')
  const large = new Map<number, number>()
  for (let i = 0; i < largeTriples.length; i += 3) {
    large.set(largeKey(largeTriples[i]!, largeTriples[i + 1]!), largeTriples[i + 2]!)
  }
  if (packed) state.postings.loadPacked(slots, offsets, packed.bytes, packed.starts, large, n!)
  else state.postings.load(slots, offsets, pool!, large)
  state.alive = new Uint8Array(n!).fill(1)
  state.next = n!
  state.live = n!
  state.averageLengths = Float64Array.from(averages)
  yield
  for (let ordinal = 0; ordinal < n!; ordinal++) {
    if (ordinal > 0 && ordinal % CHUNKS_PER_STEP === 0) yield
    const code = state.documentOf[ordinal]!
    const siblings = state.byDocument.get(code)
    if (siblings) siblings.push(ordinal)
    else state.byDocument.set(code, [ordinal])
  }
  return state
}

function codes(values: Int32Array, tableSize: number): Int32Array {
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!
    if (value < 0 || value >= tableSize) throw new RangeError('A code past its table')
  }
  return values
}

/**
 * Whether every posting word (of format "QBM2") names a chunk below `chunks` with a frequency of at
 * least 1. An indexed loop with the ordinal tested as a range of words: the pool is most of the bytes
 * (12 million words at 139k chunks), and a `for...of` calling `ordinalOf` per word took 0.15 s of a load.
 */
function postingsWithin(pool: Int32Array, chunks: number): boolean {
  // A word >= 0 is ordinal << 6 | frequency, so its ordinal is below `chunks` when it is below chunks << 6.
  const end = chunks * (LARGE_FREQUENCY + 1)
  for (let i = 0; i < pool.length; i++) {
    const word = pool[i]!
    if (word < 0 || word >= end || frequencyOf(word) === 0) return false
  }
  return true
}

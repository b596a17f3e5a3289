import { BM25_FIELDS, type Bm25State, emptyState } from './Bm25State'
import { ByteReader, ByteWriter } from './ByteSections'
import { fromRuns, toRuns } from './codeRuns'
import { IdTable, packUuid } from './IdTable'
import { Interner } from './Interner'
import { PACKED_FREQUENCY_BITS, PackedPostingsWriter, packedSlotsFit } from './packedPostings'
import { frequencyOf, LARGE_FREQUENCY, largeKey, ordinalOf, postingWord } from './Postings'
import { TOKENIZER_VERSION } from './tokenize'

/**
 * "QBM4": Quire's own BM25 index (issue 20), its postings packed (`packedPostings.ts`, sessions 45 and
 * 51), its chunks' ids, codes and lengths in their smaller forms (`IdTable.ofUuids`, `codeRuns.ts`, Int16 words):
 * 13.8 MB at 139k passages where "QBM3" took 25.0 (bench/README.md, browser-large, session 51). Still
 * read, and reported as `olderFormat` so that a snapshot of them is written again once: "QBM3" (the
 * postings packed with 6 frequency bits, the rest as Int32 words and strings) and "QBM2" (the postings
 * as Int32 words, snapshots of format 1). The bytes before were MiniSearch's state behind the tokenizer
 * version, a small number: refused here with a RangeError, so such a snapshot is rebuilt from the stored
 * chunks.
 */
const FORMAT = 0x34_4d_42_51
const FORMAT_PACKED6 = 0x33_4d_42_51
const FORMAT_WORDS = 0x32_4d_42_51

/**
 * Field lengths ("QBM4") fit Int16 words when none is over this: widened to the index's Int32 words by
 * the typed array's own copy, where a loop over varints (half the bytes) took 18 ms of a cold decode at
 * 139k passages in Node (session 51). A longer one (a field of more distinct terms than any chunker here
 * makes) has them written as Int32 words.
 */
const INT16_MAX = 0x7fff

/** Postings written between two pauses of `toBytesInSteps`. */
const WORDS_PER_STEP = 1 << 13
/** Chunks renumbered between two pauses. */
const CHUNKS_PER_STEP = 1 << 16

interface Header {
  chunks: number
  terms: number
  averageLengths: number[]
  /** How the ids are written ("QBM4"): as 16 bytes each, or as a table of strings. */
  ids?: 'uuid' | 'text'
  /** How the field lengths are written ("QBM4"): as Int16 or Int32 words. */
  lengths?: 16 | 32
}

/**
 * The index as bytes, a step at a time (the generator yields between steps; its return value is the
 * bytes). Little-endian: the format (u32), the tokenizer version (u32), then `ByteSections`: a JSON
 * header (counts, the running average field lengths, how the ids are written), the live chunks' ids
 * (renumbered 0..n-1 in their order, which is also their postings' order: 16 bytes each where all are
 * UUIDs, else a table of strings), collection table and codes (as runs), document table and codes (as
 * runs), field lengths (n * fields, -1 for a field absent, as Int16 words where all fit), the terms with live postings in code unit order, per slot
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
  let uuids: Uint8Array | null = new Uint8Array(state.live * 16)
  for (let ordinal = 0; ordinal < next; ordinal++) {
    if (ordinal > 0 && ordinal % CHUNKS_PER_STEP === 0) yield
    if (alive[ordinal] === 0) {
      renumbered[ordinal] = -1
      continue
    }
    const at = liveIds.length
    renumbered[ordinal] = at
    const id = ids.at(ordinal)!
    liveIds.push(id)
    if (uuids && !packUuid(id, uuids, at * 16)) uuids = null
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
    ids: uuids ? 'uuid' : 'text',
    lengths: liveLengths.every((length) => length <= INT16_MAX) ? 16 : 32,
  }
  const prefix = new Uint8Array(8)
  const view = new DataView(prefix.buffer)
  view.setUint32(0, FORMAT, true)
  view.setUint32(4, TOKENIZER_VERSION, true)
  const packed = pool.finish()
  const writer = new ByteWriter().bytes(prefix).json(header)
  if (uuids) writer.bytes(uuids)
  else writer.strings(liveIds)
  writer
    .strings(collections.values)
    .ints(toRuns(collectionCodes))
    .strings(documents.values)
    .ints(toRuns(documentCodes))
  if (header.lengths === 16) writer.bytes(new Uint8Array(Int16Array.from(liveLengths).buffer))
  else writer.ints(liveLengths)
  return writer
    .strings(terms)
    .ints(Int32Array.from(offsets))
    .ints(packed.starts)
    .bytes(packed.bytes)
    .ints(Int32Array.from(large))
    .finish()
}

/**
 * Reads `encodeBm25Steps`' bytes (or an earlier format's: `olderFormat`); throws a RangeError on another
 * format or tokenizer, or anything malformed.
 */
export function decodeBm25(bytes: Uint8Array): { state: Bm25State; olderFormat: boolean } {
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
  if (format !== FORMAT && format !== FORMAT_PACKED6 && format !== FORMAT_WORDS)
    throw new RangeError('Not a Bm25Index of this format')
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
    !averages.every((value) => typeof value === 'number') ||
    (format === FORMAT &&
      ((header!.ids !== 'uuid' && header!.ids !== 'text') ||
        (header!.lengths !== 16 && header!.lengths !== 32)))
  ) {
    throw new RangeError('Not a Bm25Index header')
  }
  const compact = format === FORMAT
  const state = emptyState()
  // The map of ordinals by id is made on its first use (`ordinalsOf`: never by a search).
  // Kept as read, each id cut out or formatted when first asked (`IdTable`).
  if (compact && header!.ids === 'uuid') {
    const uuids = reader.bytes()
    if (uuids.length !== n! * 16) throw new RangeError(`${uuids.length / 16} ids where ${n} were expected`)
    // Its own copy where the view would keep a larger buffer alive (`Postings.loadPacked`).
    state.ids = IdTable.ofUuids(uuids.byteLength * 2 < uuids.buffer.byteLength ? uuids.slice() : uuids)
  } else state.ids = IdTable.of(reader.stringTable(n))
  state.ordinalOf = null
  state.collections = Interner.from(reader.strings())
  state.collectionOf = compact
    ? fromRuns(reader.ints(), n!, state.collections.values.length)
    : codes(reader.ints(n), state.collections.values.length)
  state.documents = Interner.from(reader.strings())
  state.documentOf = compact
    ? fromRuns(reader.ints(), n!, state.documents.values.length)
    : codes(reader.ints(n), state.documents.values.length)
  state.lengths =
    compact && header!.lengths === 16
      ? int16Words(reader.bytes(), n! * BM25_FIELDS)
      : reader.ints(n! * BM25_FIELDS)
  state.terms = reader.strings(termCount)
  for (let t = 0; t < termCount!; t++) {
    if (t > 0 && !(state.terms[t - 1]! < state.terms[t]!)) throw new RangeError('Terms out of order')
    state.termOf.set(state.terms[t]!, t)
  }
  const slots = termCount! * BM25_FIELDS
  const offsets = reader.ints(slots + 1)
  if (offsets[0] !== 0) throw new RangeError('Postings past their pool')
  for (let s = 0; s < slots; s++) {
    if (offsets[s + 1]! < offsets[s]!) throw new RangeError('Postings out of order')
  }
  let packed: { starts: Int32Array; bytes: Uint8Array } | undefined
  let pool: Int32Array | undefined
  if (format !== FORMAT_WORDS) {
    packed = { starts: reader.ints(slots + 1), bytes: reader.bytes() }
    if (!packedSlotsFit(offsets, packed.starts, packed.bytes.length))
      throw new RangeError('Postings past their pool')
  } else {
    pool = reader.ints()
    if (offsets[slots]! !== pool.length) throw new RangeError('Postings past their pool')
    if (!postingsWithin(pool, n!)) throw new RangeError('A posting of no chunk')
  }
  const largeTriples = reader.ints()
  reader.end()
  if (largeTriples.length % 3 !== 0) throw new RangeError('Large frequencies of odd size')
  const large = new Map<number, number>()
  for (let i = 0; i < largeTriples.length; i += 3) {
    large.set(largeKey(largeTriples[i]!, largeTriples[i + 1]!), largeTriples[i + 2]!)
  }
  if (packed) {
    const frequencyBits = format === FORMAT ? PACKED_FREQUENCY_BITS : 6
    state.postings.loadPacked(slots, offsets, packed.bytes, packed.starts, large, n!, frequencyBits)
  } else state.postings.load(slots, offsets, pool!, large)
  state.alive = new Uint8Array(n!).fill(1)
  state.next = n!
  state.live = n!
  state.averageLengths = Float64Array.from(averages)
  // Made on first use (`documentOrdinals`): no search needs it.
  state.byDocument = null
  return { state, olderFormat: format !== FORMAT }
}

/** `count` Int16 words (little-endian) as Int32 words. Throws a RangeError on another number of bytes. */
function int16Words(bytes: Uint8Array, count: number): Int32Array {
  if (bytes.length !== count * 2)
    throw new RangeError(`${bytes.length / 2} numbers where ${count} were expected`)
  // A view needs an even offset; a section may start anywhere.
  const aligned = bytes.byteOffset % 2 === 0 ? bytes : bytes.slice()
  return new Int32Array(new Int16Array(aligned.buffer, aligned.byteOffset, count))
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

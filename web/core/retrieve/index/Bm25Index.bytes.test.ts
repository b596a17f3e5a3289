import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import { type Bm25Chunk, Bm25Index } from './Bm25Index'
import { ByteReader, ByteWriter } from './ByteSections'
import { unpackSlot } from './packedPostings'

const WORDS = (
  'river capital poland warsaw tesla current induction motor steam engine watt oxygen element scheele ' +
  'priestley laboratory edison menlo park inventor pressure chemistry vistula kettle tea drinks ' +
  'electricity magnet coil turbine harbour bridge castle museum 1985 A320 ünïcode 東京 駅'
).split(' ')

function chunks(count: number, seed: number): Bm25Chunk[] {
  const next = seededRandom(seed)
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from(
      { length: 5 + Math.floor(next() * 20) },
      () => WORDS[Math.floor(next() * WORDS.length)],
    )
    return {
      id: `chunk-${i}`,
      text: words.join(' '),
      heading: i % 3 === 0 ? null : `Section ${WORDS[i % WORDS.length]}`,
      collection_id: `c${i % 3}`,
      document_id: `doc-${Math.floor(i / 7)}`,
    }
  })
}

/**
 * Sections (u32 length, then bytes): prefix, header, ids (2), collections (2), their codes, documents
 * (2), their codes, lengths, terms (2), offsets, the postings, the large frequencies.
 */
const SECTIONS = 17
const OFFSETS_SECTION = 13
const POOL_SECTION = 15

function sections(bytes: Uint8Array): Uint8Array[] {
  const reader = new ByteReader(bytes)
  return Array.from({ length: SECTIONS }, () => reader.bytes())
}

/** Where a section's bytes start (past its length). */
function sectionStart(bytes: Uint8Array, section: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset)
  let at = 0
  for (let i = 0; i < section; i++) at += 4 + view.getUint32(at, true)
  return at + 4
}

function sectionLength(bytes: Uint8Array, section: number): number {
  return sections(bytes)[section]!.length
}

/** Packed (QBM3) bytes as QBM2 wrote them: the postings as Int32 words. */
function asWordsFormat(bytes: Uint8Array): Uint8Array {
  const parts = sections(bytes)
  const prefix = parts[0]!.slice()
  new DataView(prefix.buffer).setUint32(0, 0x32_4d_42_51, true)
  const words = new Int32Array(parts[OFFSETS_SECTION]!.slice().buffer)
  const starts = new Int32Array(parts[POOL_SECTION - 1]!.slice().buffer)
  const chunks = (JSON.parse(new TextDecoder().decode(parts[1])) as { chunks: number }).chunks
  const pool = new Int32Array(words.at(-1)!)
  for (let s = 0; s + 1 < words.length; s++) {
    const count = words[s + 1]! - words[s]!
    unpackSlot(parts[POOL_SECTION]!, starts[s]!, starts[s + 1]!, pool, words[s]!, count, chunks)
  }
  const writer = new ByteWriter().bytes(prefix)
  parts.forEach((part, i) => {
    if (i === POOL_SECTION) writer.ints(pool)
    else if (i > 0 && i !== POOL_SECTION - 1) writer.bytes(part)
  })
  return writer.finish()
}

const QUERIES = [
  'warsaw river',
  'tesla induction motor current',
  'steem engnie pressure', // misspelt: matched fuzzily
  'castle 1985',
  '東京',
  'section chemistry',
  'nothing matches this',
]

describe('Bm25Index bytes', () => {
  it('reads back an index that answers every query exactly as the original, removals and all', () => {
    const original = new Bm25Index()
    original.add(chunks(400, 7))
    // Removed chunks' postings linger until their list is next read: the bytes leave them out.
    original.remove(['chunk-3', 'chunk-10', 'chunk-200'])
    original.removeDocument('doc-20')
    const copy = Bm25Index.fromBytes(original.toBytes())
    expect(copy.size).toBe(original.size)
    for (const query of QUERIES) {
      for (const collectionIds of [undefined, ['c1'], ['c0', 'c2']]) {
        expect(copy.search(query, { limit: 20, collectionIds }), query).toEqual(
          original.search(query, { limit: 20, collectionIds }),
        )
      }
    }
    expect(copy.documentChunkIds('doc-5').sort()).toEqual(original.documentChunkIds('doc-5').sort())
    expect(copy.documentChunkIds('doc-20')).toEqual([])
    // It stays an index: adding and removing work on the copy as on any index.
    copy.add([{ id: 'new', text: 'zeppelin airship', heading: null, collection_id: 'c9', document_id: 'd9' }])
    copy.removeCollection('c1')
    expect(copy.search('zeppelin', { limit: 5 }).map((hit) => hit.id)).toEqual(['new'])
    expect(copy.search('warsaw river', { limit: 50, collectionIds: ['c1'] })).toEqual([])
  })

  it('packs its postings (format QBM3) and still reads them written as words (QBM2, snapshots of format 1)', () => {
    const original = new Bm25Index()
    original.add(chunks(300, 11))
    original.remove(['chunk-7'])
    const packed = original.toBytes()
    const words = asWordsFormat(packed)
    expect(packed.length).toBeLessThan(words.length * 0.8)
    for (const bytes of [packed, words]) {
      const copy = Bm25Index.fromBytes(bytes)
      for (const query of QUERIES)
        expect(copy.search(query, { limit: 20 })).toEqual(original.search(query, { limit: 20 }))
      // Written again, packed.
      expect(copy.toBytes()).toEqual(packed)
    }
  })

  it("unpacks a term's postings when first read, and leaves the rest packed, a save included", () => {
    const original = new Bm25Index()
    original.add(chunks(300, 4))
    const copy = Bm25Index.fromBytes(original.toBytes())
    const lists = copy.packedLists
    expect(lists).toBeGreaterThan(40)
    expect(copy.search('warsaw', { limit: 5 })).toEqual(original.search('warsaw', { limit: 5 }))
    // Its text and heading lists.
    expect(copy.packedLists).toBe(lists - 2)
    expect(copy.toBytes()).toEqual(original.toBytes())
    expect(copy.packedLists).toBe(lists - 2)
    // A removal: every list read after it is unpacked and compacted.
    copy.remove(['chunk-0'])
    original.remove(['chunk-0'])
    for (const query of QUERIES)
      expect(copy.search(query, { limit: 50 })).toEqual(original.search(query, { limit: 50 }))
    expect(copy.toBytes()).toEqual(original.toBytes())
    expect(copy.packedLists).toBe(0)
  })

  it('keeps no larger buffer alive than its own part: packed postings in a whole snapshot are copied', () => {
    const original = new Bm25Index()
    original.add(chunks(200, 6))
    const bytes = original.toBytes()
    // Its bytes within a buffer of three times their size, as a snapshot read whole holds them.
    const whole = new Uint8Array(bytes.length * 3)
    whole.set(bytes, bytes.length)
    const copy = Bm25Index.fromBytes(whole.subarray(bytes.length, 2 * bytes.length))
    whole.fill(0)
    for (const query of QUERIES)
      expect(copy.search(query, { limit: 20 })).toEqual(original.search(query, { limit: 20 }))
  })

  it('writes a restored index again, whatever was read of it, and vacuums it', async () => {
    const original = new Bm25Index()
    original.add(chunks(300, 3))
    const bytes = original.toBytes()
    const copy = Bm25Index.fromBytes(bytes)
    // Terms not searched yet are still in their decoded form: written again, both kinds read back.
    copy.search('warsaw river', { limit: 5 })
    const again = Bm25Index.fromBytes(copy.toBytes())
    for (const query of QUERIES) {
      expect(again.search(query, { limit: 50 }), query).toEqual(original.search(query, { limit: 50 }))
    }
    // Removals after a restore: the restored lists are compacted like any others.
    original.removeDocument('doc-4')
    copy.removeDocument('doc-4')
    for (const query of QUERIES) {
      expect(copy.search(query, { limit: 50 }), query).toEqual(original.search(query, { limit: 50 }))
    }
    const shrunk = copy.toBytes()
    expect(shrunk.length).toBeLessThan(bytes.length)
    const reread = Bm25Index.fromBytes(shrunk)
    expect(reread.size).toBe(original.size)
    expect(reread.documentChunkIds('doc-4')).toEqual([])
    for (const query of QUERIES) {
      expect(reread.search(query, { limit: 50 }), query).toEqual(original.search(query, { limit: 50 }))
    }
  })

  it('renumbers its chunks (as after 33 million adds) without changing an answer', () => {
    const index = new Bm25Index()
    index.add(chunks(400, 5))
    index.remove(['chunk-1', 'chunk-2', 'chunk-300'])
    index.add([
      { id: 'many', text: 'castle '.repeat(90), heading: 'castle', collection_id: 'c1', document_id: 'd' },
    ])
    const before = QUERIES.map((query) => index.search(query, { limit: 50 }))
    ;(index as unknown as { renumber(): void }).renumber()
    expect(QUERIES.map((query) => index.search(query, { limit: 50 }))).toEqual(before)
    index.add([{ id: 'later', text: 'castle museum', heading: null, collection_id: 'c1', document_id: 'd' }])
    expect(index.documentChunkIds('d').sort()).toEqual(['later', 'many'])
  })

  it('writes the same bytes in steps, pausing between them, and gives up when a pause says so', async () => {
    const index = new Bm25Index()
    // Some 24,000 postings: several steps of 8,192.
    index.add(
      Array.from({ length: 3000 }, (_, i) => ({
        id: `c${i}`,
        text: `term${i} term${i + 1} term${i * 7} term${i % 50} term${i % 70} word${i % 9} common ${i}`,
        heading: null,
        collection_id: 'c',
        document_id: `d${i % 10}`,
      })),
    )
    let pauses = 0
    const stepped = await index.toBytesInSteps(async () => {
      pauses++
    })
    expect(pauses).toBeGreaterThan(1)
    expect(Buffer.from(stepped).equals(Buffer.from(index.toBytes()))).toBe(true)
    const changed = new Error('changed')
    await expect(
      index.toBytesInSteps(async () => {
        throw changed
      }),
    ).rejects.toBe(changed)
  })

  it('reads its bytes in steps, pausing between them, into an index that answers as one read at once', async () => {
    const original = new Bm25Index()
    original.add(chunks(400, 7))
    original.remove(['chunk-3', 'chunk-200'])
    const bytes = original.toBytes()
    const order: string[] = []
    const reading = Bm25Index.fromBytesInSteps(bytes, async () => {
      order.push('pause')
      // Other work runs between steps: the host's event loop is let go.
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    setTimeout(() => order.push('other work'), 0)
    const stepped = await reading
    expect(order.filter((entry) => entry === 'pause').length).toBeGreaterThan(3)
    expect(order.indexOf('other work')).toBeGreaterThan(0)
    expect(order.indexOf('other work')).toBeLessThan(order.length - 1)
    const whole = Bm25Index.fromBytes(bytes)
    expect(stepped.size).toBe(whole.size)
    for (const query of QUERIES) {
      for (const collectionIds of [undefined, ['c1']]) {
        expect(stepped.search(query, { limit: 20, collectionIds }), query).toEqual(
          whole.search(query, { limit: 20, collectionIds }),
        )
      }
    }
    expect(stepped.documentChunkIds('doc-5').sort()).toEqual(whole.documentChunkIds('doc-5').sort())
    expect(Buffer.from(stepped.toBytes()).equals(Buffer.from(bytes))).toBe(true)
    // Bad bytes are refused as a read at once refuses them.
    const pause = async () => undefined
    await expect(Bm25Index.fromBytesInSteps(bytes.subarray(0, bytes.length - 5), pause)).rejects.toThrow(
      RangeError,
    )
    await expect(Bm25Index.fromBytesInSteps(new Uint8Array(2), pause)).rejects.toThrow(RangeError)
  })

  it('refuses bytes of the MiniSearch format, another tokenizer, truncated bytes and trailing bytes', () => {
    const index = new Bm25Index()
    index.add(chunks(50, 1))
    const bytes = index.toBytes()
    const otherTokenizer = bytes.slice()
    // After the section's length (u32) and the format (u32).
    new DataView(otherTokenizer.buffer).setUint32(8, 999, true)
    expect(() => Bm25Index.fromBytes(otherTokenizer)).toThrow(/tokenizer 999/)
    expect(() => Bm25Index.fromBytes(bytes.subarray(0, bytes.length - 5))).toThrow(RangeError)
    const longer = new Uint8Array(bytes.length + 8)
    longer.set(bytes)
    expect(() => Bm25Index.fromBytes(longer)).toThrow(RangeError)
    expect(() => Bm25Index.fromBytes(new Uint8Array(2))).toThrow(RangeError)
    // The bytes before issue 20: the tokenizer version (u32), then MiniSearch's state.
    const miniSearchFormat = new Uint8Array(64)
    new DataView(miniSearchFormat.buffer).setUint32(0, 1, true)
    miniSearchFormat.set(bytes.subarray(0, 60), 4)
    expect(() => Bm25Index.fromBytes(miniSearchFormat)).toThrow(/format/)
  })

  it('refuses a posting of no chunk or of frequency 0, and refuses an id twice once the id map is made', () => {
    const index = new Bm25Index()
    index.add(chunks(50, 1))
    const bytes = index.toBytes()
    // Packed postings that are not postings (every byte 0: frequencies of 0), found as a term is first
    // read: thrown to the search, the term left packed; or told, the term then without postings.
    const damaged = bytes.slice()
    const poolAt = sectionStart(bytes, POOL_SECTION)
    damaged.fill(0, poolAt, poolAt + sectionLength(bytes, POOL_SECTION))
    const strict = Bm25Index.fromBytes(damaged)
    expect(() => strict.search('warsaw', { limit: 5 })).toThrow(/posting of no chunk/)
    expect(() => strict.search('warsaw', { limit: 5 })).toThrow(/posting of no chunk/)
    const told: unknown[] = []
    const lenient = Bm25Index.fromBytes(damaged, (error) => told.push(error))
    expect(lenient.search('warsaw', { limit: 5 })).toEqual([])
    expect(told.length).toBeGreaterThan(0)
    expect(String(told[0])).toMatch(/posting of no chunk/)
    expect(index.search('warsaw', { limit: 5 }).length).toBeGreaterThan(0)
    // As words (QBM2).
    const words = asWordsFormat(bytes)
    // QBM2 has no section of where slots start: its words are one section earlier.
    const pool = sectionStart(words, POOL_SECTION - 1)
    const word = new DataView(words.buffer).getInt32(pool, true)
    for (const bad of [(50 << 6) | 1, word & ~63, -1]) {
      const damaged = words.slice()
      new DataView(damaged.buffer).setInt32(pool, bad, true)
      expect(() => Bm25Index.fromBytes(damaged), `word ${bad}`).toThrow(/posting of no chunk/)
    }
    // The last chunk's ordinal in its first posting's place reads (the id map is not made at load).
    const fine = words.slice()
    new DataView(fine.buffer).setInt32(pool, (49 << 6) | 1, true)
    expect(() => Bm25Index.fromBytes(fine)).not.toThrow()

    // Ids are the third section's strings: "chunk-1" written over "chunk-0" (same length) makes a twin.
    const twins = bytes.slice()
    const text = new TextDecoder().decode(twins)
    const first = text.indexOf('chunk-0chunk-1')
    twins.set(new TextEncoder().encode('chunk-1'), first)
    const loaded = Bm25Index.fromBytes(twins)
    expect(loaded.search('warsaw', { limit: 5 }).length).toBeGreaterThan(0)
    expect(() => loaded.has('chunk-1')).toThrow(/id twice/)
  })

  it('refuses to write an id that UTF-8 cannot carry', () => {
    const index = new Bm25Index()
    index.add([{ id: 'bad\uD800', text: 'word', heading: null, collection_id: 'c', document_id: 'd' }])
    expect(() => index.toBytes()).toThrow(/well-formed/)
  })
})

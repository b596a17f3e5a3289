import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import { type Bm25Chunk, Bm25Index } from './Bm25Index'
import { ByteReader, ByteWriter } from './ByteSections'
import { asEarlierBm25Format } from '../../testing/earlierBm25Format'

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
 * Sections (u32 length, then bytes), with ids that are not UUIDs: prefix, header, ids (2), collections
 * (2), their codes, documents (2), their codes, lengths, terms (2), offsets, where slots start, the
 * postings, the large frequencies.
 */
const SECTIONS = 17
const DOCUMENT_CODES = 9
const LENGTHS_SECTION = 10
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

  it('packs its postings and chunk numbers (QBM4), and still reads QBM3 and QBM2 (snapshots of format 1), as older', () => {
    const original = new Bm25Index()
    original.add(chunks(300, 11))
    original.remove(['chunk-7'])
    const packed = original.toBytes()
    const qbm3 = asEarlierBm25Format(packed, 'QBM3')
    const words = asEarlierBm25Format(packed, 'QBM2')
    expect(packed.length).toBeLessThan(qbm3.length * 0.85)
    expect(qbm3.length).toBeLessThan(words.length * 0.8)
    for (const [bytes, older] of [
      [packed, false],
      [qbm3, true],
      [words, true],
    ] as const) {
      const copy = Bm25Index.fromBytes(bytes)
      expect(copy.olderFormat).toBe(older)
      for (const query of QUERIES)
        expect(copy.search(query, { limit: 20 })).toEqual(original.search(query, { limit: 20 }))
      expect(copy.documentChunkIds('doc-3').sort()).toEqual(original.documentChunkIds('doc-3').sort())
      // Written again, packed.
      expect(copy.toBytes()).toEqual(packed)
    }
  })

  it('writes field lengths as Int16 words, or as Int32 words where one is longer', () => {
    const original = new Bm25Index()
    original.add(chunks(50, 13))
    const short = original.toBytes()
    expect(sectionLength(short, LENGTHS_SECTION)).toBe(50 * 2 * 2)
    // A text of 33,000 distinct terms: a length past Int16's.
    const words = Array.from({ length: 33_000 }, (_, i) => `w${i.toString(36)}`)
    original.add([
      { id: 'long', text: words.join(' '), heading: 'castle', collection_id: 'c', document_id: 'd' },
    ])
    const long = original.toBytes()
    expect(sectionLength(long, LENGTHS_SECTION)).toBe(51 * 2 * 4)
    const copy = Bm25Index.fromBytes(long)
    for (const query of [...QUERIES, 'w10 castle', 'wzz'])
      expect(copy.search(query, { limit: 20 })).toEqual(original.search(query, { limit: 20 }))
    expect(copy.toBytes()).toEqual(long)
  })

  it('writes ids that are all UUIDs as 16 bytes each, and any other ids as they are', () => {
    const withIds = (id: (i: number) => string) => {
      const index = new Bm25Index()
      index.add(chunks(200, 12).map((chunk, i) => ({ ...chunk, id: id(i) })))
      return index
    }
    const uuids = Array.from({ length: 200 }, () => crypto.randomUUID())
    const original = withIds((i) => uuids[i]!)
    original.remove([uuids[5]!])
    const bytes = original.toBytes()
    const copy = Bm25Index.fromBytes(bytes)
    for (const query of QUERIES)
      expect(copy.search(query, { limit: 20 })).toEqual(original.search(query, { limit: 20 }))
    expect(copy.documentChunkIds('doc-1').sort()).toEqual(uuids.slice(7, 14).sort())
    expect(copy.has(uuids[5]!)).toBe(false)
    expect(copy.has(uuids[6]!)).toBe(true)
    expect(copy.toBytes()).toEqual(bytes)
    // One id spelt otherwise (upper case) and all are written as text, each coming back as it was.
    const mixed = withIds((i) => (i === 199 ? uuids[i]!.toUpperCase() : uuids[i]!))
    const mixedBytes = mixed.toBytes()
    expect(mixedBytes.length).toBeGreaterThan(bytes.length + 199 * 20)
    const mixedCopy = Bm25Index.fromBytes(mixedBytes)
    expect(mixedCopy.documentChunkIds('doc-28')).toEqual([
      uuids[196],
      uuids[197],
      uuids[198],
      uuids[199]!.toUpperCase(),
    ])
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
    // Runs that make more codes than chunks; lengths of another count than the chunks' fields.
    const runs = bytes.slice()
    new DataView(runs.buffer).setInt32(sectionStart(bytes, DOCUMENT_CODES) + 4, 10_000, true)
    expect(() => Bm25Index.fromBytes(runs)).toThrow(/past their codes/)
    const rewritten = (header: (text: string) => string, section?: [number, Uint8Array]) => {
      const parts = sections(bytes)
      if (section) parts[section[0]] = section[1]
      const text = header(new TextDecoder().decode(parts[1]))
      const writer = new ByteWriter().bytes(parts[0]!).bytes(new TextEncoder().encode(text))
      parts.slice(2).forEach((part) => writer.bytes(part))
      return writer.finish()
    }
    const lengths = sections(bytes)[LENGTHS_SECTION]!
    expect(() =>
      Bm25Index.fromBytes(rewritten((text) => text, [LENGTHS_SECTION, lengths.subarray(2)])),
    ).toThrow(/numbers where 100 were expected/)
    expect(() =>
      Bm25Index.fromBytes(rewritten((text) => text.replace('"lengths":16', '"lengths":32'))),
    ).toThrow(RangeError)
    // A header that says how ids or lengths are written in no known way, or ids as UUIDs where they are text.
    expect(() =>
      Bm25Index.fromBytes(rewritten((text) => text.replace('"ids":"text"', '"ids":"hex"'))),
    ).toThrow(/header/)
    expect(() =>
      Bm25Index.fromBytes(rewritten((text) => text.replace('"lengths":16', '"lengths":8'))),
    ).toThrow(/header/)
    expect(() =>
      Bm25Index.fromBytes(rewritten((text) => text.replace('"ids":"text"', '"ids":"uuid"'))),
    ).toThrow(RangeError)
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
    const words = asEarlierBm25Format(bytes, 'QBM2')
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

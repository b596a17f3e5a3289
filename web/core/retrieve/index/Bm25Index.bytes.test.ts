import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import { type Bm25Chunk, Bm25Index } from './Bm25Index'
import { bm25PoolOffset } from './bm25Bytes'

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

  it('reads its postings pool in place where it lies on a 4-byte boundary, copies it elsewhere, and answers alike', () => {
    const original = new Bm25Index()
    original.add(chunks(300, 11))
    const bytes = original.toBytes()
    const pool = bm25PoolOffset(bytes)
    for (let shift = 0; shift < 4; shift++) {
      // The bytes in a buffer of their own (as a snapshot's read gives them), at each alignment.
      const buffer = new Uint8Array(bytes.length + 8)
      buffer.set(bytes, shift)
      const placed = buffer.subarray(shift, shift + bytes.length)
      const copy = Bm25Index.fromBytes(placed)
      expect(copy.holdsSnapshotBytes, `shift ${shift}`).toBe((shift + pool) % 4 === 0)
      for (const query of QUERIES)
        expect(copy.search(query, { limit: 20 })).toEqual(original.search(query, { limit: 20 }))
      // Let go: the postings copied into memory of their own, the answers the same, the buffer free to change.
      copy.releaseSnapshotBytes()
      expect(copy.holdsSnapshotBytes).toBe(false)
      buffer.fill(0)
      for (const query of QUERIES)
        expect(copy.search(query, { limit: 20 })).toEqual(original.search(query, { limit: 20 }))
    }
  })

  it('changes postings read in place as any: removals compact them, adds copy a list out', () => {
    const original = new Bm25Index()
    original.add(chunks(300, 5))
    const bytes = original.toBytes()
    const shift = (4 - (bm25PoolOffset(bytes) % 4)) % 4
    const buffer = new Uint8Array(bytes.length + 4)
    buffer.set(bytes, shift)
    const copy = Bm25Index.fromBytes(buffer.subarray(shift, shift + bytes.length))
    expect(copy.holdsSnapshotBytes).toBe(true)
    for (const index of [original, copy]) {
      index.remove(['chunk-1', 'chunk-2', 'chunk-50'])
      index.add([
        { id: 'new', text: 'warsaw river tesla', heading: null, collection_id: 'c1', document_id: 'd9' },
      ])
    }
    for (const query of QUERIES)
      expect(copy.search(query, { limit: 30 })).toEqual(original.search(query, { limit: 30 }))
    expect(Bm25Index.fromBytes(copy.toBytes()).search('warsaw river', { limit: 30 })).toEqual(
      original.search('warsaw river', { limit: 30 }),
    )
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
    // Removals after a restore: the restored lists (read in place) are compacted like any others.
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
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    // Sections (u32 length, then bytes): prefix, header, ids (2), collections (2), their codes,
    // documents (2), their codes, lengths, terms (2), offsets, then the pool of posting words.
    let at = 0
    for (let section = 0; section < 14; section++) at += 4 + view.getUint32(at, true)
    const pool = at + 4
    expect(view.getUint32(at, true)).toBeGreaterThan(0)
    const word = view.getInt32(pool, true)
    for (const bad of [(50 << 6) | 1, word & ~63, -1]) {
      const damaged = bytes.slice()
      new DataView(damaged.buffer).setInt32(pool, bad, true)
      expect(() => Bm25Index.fromBytes(damaged), `word ${bad}`).toThrow(/posting of no chunk/)
    }
    // The last chunk's ordinal in its first posting's place reads (the id map is not made at load).
    const fine = bytes.slice()
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

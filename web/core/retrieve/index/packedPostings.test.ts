import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import { PackedPostingsWriter, unpackPostings } from './packedPostings'

/** Slots of ascending ordinals below `chunks`, frequencies 1-63, some gaps of millions. */
function slots(count: number, chunks: number, seed: number): Int32Array[] {
  const next = seededRandom(seed)
  return Array.from({ length: count }, () => {
    const words: number[] = []
    let ordinal = -1
    for (;;) {
      ordinal += 1 + Math.floor(next() ** 6 * chunks)
      if (ordinal >= chunks || words.length > 500) break
      words.push((ordinal << 6) | (1 + Math.floor(next() * 63)))
    }
    return Int32Array.from(words)
  })
}

function pack(lists: readonly Int32Array[]): { bytes: Uint8Array; offsets: Int32Array } {
  const writer = new PackedPostingsWriter()
  const offsets = [0]
  for (const words of lists) {
    writer.slot(words, 0, words.length)
    offsets.push(offsets.at(-1)! + words.length)
  }
  return { bytes: writer.finish(), offsets: Int32Array.from(offsets) }
}

describe('packed postings', () => {
  it('unpack to the words packed, up to the largest ordinal, in under 2 bytes a posting for dense lists', () => {
    for (const chunks of [1, 70, 5_000, 2 ** 25]) {
      const lists = slots(200, chunks, chunks)
      const { bytes, offsets } = pack(lists)
      const words = unpackPostings(bytes, offsets, chunks)
      expect(words).toEqual(Int32Array.from(lists.flatMap((list) => [...list])))
    }
    const dense = Int32Array.from({ length: 10_000 }, (_, i) => ((i * 3) << 6) | 5)
    expect(pack([dense]).bytes.length).toBeLessThan(2 * dense.length)
    // The largest word: the last ordinal of 2^25 chunks, frequency 63.
    const largest = Int32Array.of((2 ** 25 - 1) * 64 + 63)
    const { bytes, offsets } = pack([largest])
    expect(bytes.length).toBe(5)
    expect(unpackPostings(bytes, offsets, 2 ** 25)).toEqual(largest)
  })

  it('refuse postings out of order when written', () => {
    expect(() => pack([Int32Array.of((5 << 6) | 1, (5 << 6) | 2)])).toThrow(/out of order/)
    expect(() => pack([Int32Array.of((5 << 6) | 1, (4 << 6) | 2)])).toThrow(/out of order/)
  })

  it('refuse bytes that are not postings of these chunks', () => {
    const { bytes, offsets } = pack([Int32Array.of((3 << 6) | 2, (9 << 6) | 1)])
    expect(unpackPostings(bytes, offsets, 10)).toEqual(Int32Array.of((3 << 6) | 2, (9 << 6) | 1))
    // Past the chunks; cut short; bytes left over.
    expect(() => unpackPostings(bytes, offsets, 9)).toThrow(/no chunk/)
    expect(() => unpackPostings(bytes.subarray(0, bytes.length - 1), offsets, 10)).toThrow(RangeError)
    expect(() => unpackPostings(Uint8Array.of(...bytes, 0x41), offsets, 10)).toThrow(/longer/)
    // A frequency of 0, a gap of 0, a varint past 32 bits, one that never ends.
    const one = Int32Array.of(0, 1)
    expect(() => unpackPostings(Uint8Array.of(64), one, 10)).toThrow(/no chunk/)
    expect(() => unpackPostings(Uint8Array.of(65, 1), Int32Array.of(0, 2), 10)).toThrow(/no chunk/)
    expect(() => unpackPostings(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x7f), one, 10)).toThrow(/bounds/)
    expect(() => unpackPostings(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 1), one, 10)).toThrow(/bounds/)
    expect(() => unpackPostings(Uint8Array.of(0x81), one, 10)).toThrow(/bounds/)
  })
})

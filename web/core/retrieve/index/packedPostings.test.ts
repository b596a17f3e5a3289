import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import { PackedPostingsWriter, packedSlotsFit, unpackSlot } from './packedPostings'

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

function pack(lists: readonly Int32Array[]) {
  const writer = new PackedPostingsWriter()
  const words = [0]
  for (const list of lists) {
    writer.slot(list, 0, list.length)
    words.push(words.at(-1)! + list.length)
  }
  return { ...writer.finish(), words: Int32Array.from(words) }
}

/** Every slot unpacked, one after the other. */
function unpackAll({ bytes, starts, words }: ReturnType<typeof pack>, chunks: number): Int32Array {
  const out = new Int32Array(words.at(-1)!)
  for (let s = 0; s + 1 < words.length; s++) {
    unpackSlot(bytes, starts[s]!, starts[s + 1]!, out, words[s]!, words[s + 1]! - words[s]!, chunks)
  }
  return out
}

describe('packed postings', () => {
  it('unpack to the words packed, up to the largest ordinal, in under 2 bytes a posting for dense lists', () => {
    for (const chunks of [1, 70, 5_000, 2 ** 25]) {
      const lists = slots(200, chunks, chunks)
      const packed = pack(lists)
      expect(packedSlotsFit(packed.words, packed.starts, packed.bytes.length)).toBe(true)
      expect(unpackAll(packed, chunks)).toEqual(Int32Array.from(lists.flatMap((list) => [...list])))
    }
    const dense = Int32Array.from({ length: 10_000 }, (_, i) => ((i * 3) << 6) | 5)
    expect(pack([dense]).bytes.length).toBeLessThan(2 * dense.length)
    // The largest word: the last ordinal of 2^25 chunks, frequency 63.
    const largest = Int32Array.of((2 ** 25 - 1) * 64 + 63)
    const packed = pack([largest])
    expect(packed.bytes.length).toBe(5)
    expect(unpackAll(packed, 2 ** 25)).toEqual(largest)
  })

  it('refuse postings out of order when written', () => {
    expect(() => pack([Int32Array.of((5 << 6) | 1, (5 << 6) | 2)])).toThrow(/out of order/)
    expect(() => pack([Int32Array.of((5 << 6) | 1, (4 << 6) | 2)])).toThrow(/out of order/)
  })

  it('refuse slots that cannot have been packed so: before, a slot of more words than bytes or of over 5 bytes a word', () => {
    const packed = pack([Int32Array.of((3 << 6) | 2, (9 << 6) | 1), Int32Array.of((1 << 6) | 1)])
    const { words, starts, bytes } = packed
    expect(packedSlotsFit(words, starts, bytes.length + 1)).toBe(false)
    expect(packedSlotsFit(words, Int32Array.of(0, 1, bytes.length), bytes.length)).toBe(false)
    expect(packedSlotsFit(Int32Array.of(0, 2, 2), starts, bytes.length)).toBe(false)
    expect(packedSlotsFit(words, Int32Array.of(1, 2, bytes.length), bytes.length)).toBe(false)
    expect(packedSlotsFit(Int32Array.of(0, 1, 2), Int32Array.of(0, 6, 7), 7)).toBe(false)
  })

  it('refuse bytes that are not postings of these chunks', () => {
    const into = new Int32Array(4)
    const words = Int32Array.of((3 << 6) | 2, (9 << 6) | 1)
    const { bytes } = pack([words])
    unpackSlot(bytes, 0, bytes.length, into, 1, 2, 10)
    expect(into).toEqual(Int32Array.of(0, ...words, 0))
    // Past the chunks; cut short; bytes left over.
    expect(() => unpackSlot(bytes, 0, bytes.length, into, 0, 2, 9)).toThrow(/no chunk/)
    expect(() => unpackSlot(bytes, 0, bytes.length - 1, into, 0, 2, 10)).toThrow(RangeError)
    expect(() => unpackSlot(bytes, 0, bytes.length, into, 0, 1, 10)).toThrow(/longer/)
    // A frequency of 0, a gap of 0, a varint past 32 bits, one that runs past the slot.
    const one =
      (...packed: number[]) =>
      () =>
        unpackSlot(Uint8Array.from(packed), 0, packed.length, into, 0, 1, 10)
    expect(one(64)).toThrow(/no chunk/)
    expect(() => unpackSlot(Uint8Array.of(65, 1), 0, 2, into, 0, 2, 10)).toThrow(/no chunk/)
    expect(one(0xff, 0xff, 0xff, 0xff, 0x7f)).toThrow(/bounds/)
    expect(one(0xff, 0xff, 0xff, 0xff, 0xff, 1)).toThrow(/bounds/)
    expect(one(0x81)).toThrow(/bounds/)
    expect(() => unpackSlot(Uint8Array.of(0x81, 0x01), 0, 1, into, 0, 1, 10)).toThrow(/bounds/)
  })
})

/** A posting word's frequency field, its low 6 bits (`Postings`, which imports this file). */
const FREQUENCY = 63

/**
 * Posting words packed for a snapshot (BM25's format "QBM3"): per slot, each word's ordinal as its gap
 * from the one before (the first from -1) times 64 plus its frequency field, written as an unsigned
 * LEB128 varint; and where each slot's bytes start. A slot's ordinals ascend (`Postings`), so most
 * gaps are small: 1.65 bytes a posting at 139k passages against 4 as Int32 words, a 41.5 MB pool
 * written in 17.1 MB. The pool was most of what a cold start read (browser-large;
 * docs/decisions/0009-snapshot-format-2.md). A loaded index unpacks a slot when it is first used
 * (`Postings.loadPacked`).
 */
export class PackedPostingsWriter {
  private out = new Uint8Array(1 << 16)
  private length = 0
  private readonly starts: number[] = [0]

  /** Appends a slot's words (`count` from `start`), whose ordinals must ascend. */
  slot(words: Int32Array, start: number, count: number): void {
    if (this.length + count * 5 > this.out.length) {
      const larger = new Uint8Array(Math.max(2 * this.out.length, this.length + count * 5))
      larger.set(this.out.subarray(0, this.length))
      this.out = larger
    }
    const out = this.out
    let at = this.length
    let previous = -1
    for (let i = start; i < start + count; i++) {
      const word = words[i]!
      const ordinal = word >>> 6
      if (ordinal <= previous) throw new RangeError('Postings out of order')
      // Below 2^32: an ordinal is below 2^25 (`MAX_ORDINAL`).
      let value = (ordinal - previous) * 64 + (word & FREQUENCY)
      previous = ordinal
      while (value > 127) {
        out[at++] = (value & 127) | 128
        value = Math.floor(value / 128)
      }
      out[at++] = value
    }
    this.length = at
    this.starts.push(at)
  }

  /** Takes back the last `n` slots, which were empty (a term whose chunks are all gone, left out). */
  dropEmpty(n: number): void {
    if (this.starts[this.starts.length - 1 - n] !== this.length)
      throw new Error('Slots with postings taken back')
    this.starts.length -= n
  }

  /** The packed words, and where each slot's start (one more than the slots: the last is the end). */
  finish(): { bytes: Uint8Array; starts: Int32Array } {
    return { bytes: this.out.subarray(0, this.length), starts: Int32Array.from(this.starts) }
  }
}

/**
 * Whether slots of these word counts (`words[s + 1] - words[s]`) can have been packed at these byte
 * offsets (`starts`, over `length` bytes): from 0 to the end, each slot 1 to 5 bytes a word. What a
 * load checks before it unpacks anything; `unpackSlot` checks the rest.
 */
export function packedSlotsFit(words: Int32Array, starts: Int32Array, length: number): boolean {
  if (starts.length !== words.length || starts[0] !== 0 || starts[starts.length - 1] !== length) return false
  for (let s = 0; s + 1 < starts.length; s++) {
    const bytes = starts[s + 1]! - starts[s]!
    const count = words[s + 1]! - words[s]!
    if (bytes < count || bytes > 5 * count) return false
  }
  return true
}

/**
 * Unpacks one slot's `count` words from `bytes[from]` to `bytes[to]` into `into` from `at`. Throws a
 * RangeError unless they are exactly that slot's postings of chunks below `chunks`: a varint past the
 * slot's bytes or past 32 bits, a gap of 0 (ordinals must ascend), a frequency of 0, an ordinal at or
 * past `chunks`, bytes left over.
 */
export function unpackSlot(
  bytes: Uint8Array,
  from: number,
  to: number,
  into: Int32Array,
  at: number,
  count: number,
  chunks: number,
): void {
  let read = from
  let ordinal = -1
  for (let w = at; w < at + count; w++) {
    if (read >= to) throw new RangeError('Packed postings cut short')
    let byte = bytes[read++]!
    let value = byte & 127
    let scale = 128
    while (byte > 127) {
      if (read >= to || scale > 2 ** 28) throw new RangeError('A packed posting past its bounds')
      byte = bytes[read++]!
      value += (byte & 127) * scale
      scale *= 128
    }
    if (value > 0xffff_ffff) throw new RangeError('A packed posting past its bounds')
    const frequency = value & FREQUENCY
    ordinal += value >>> 6
    if (frequency === 0 || ordinal >= chunks || value < 64) throw new RangeError('A posting of no chunk')
    into[w] = (ordinal << 6) | frequency
  }
  if (read !== to) throw new RangeError('Packed postings longer than their words')
}

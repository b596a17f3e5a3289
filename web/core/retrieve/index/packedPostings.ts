import { LARGE_FREQUENCY } from './Postings'

/**
 * Posting words packed for a snapshot (BM25's format "QBM3"): per slot, each word's ordinal as its gap
 * from the one before (the first from -1) times 64 plus its frequency field, written as an unsigned
 * LEB128 varint. A slot's ordinals ascend (`Postings`), so most gaps are small: 1.65 bytes a posting
 * at 139k passages against 4 as Int32 words, a 41.5 MB pool written in 17.1 MB. The pool was most of
 * what a cold start read (session 45), and read 50-90 MB/s there.
 */
export class PackedPostingsWriter {
  private out = new Uint8Array(1 << 16)
  private length = 0

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
      let value = (ordinal - previous) * 64 + (word & LARGE_FREQUENCY)
      previous = ordinal
      while (value > 127) {
        out[at++] = (value & 127) | 128
        value = Math.floor(value / 128)
      }
      out[at++] = value
    }
    this.length = at
  }

  finish(): Uint8Array {
    return this.out.subarray(0, this.length)
  }
}

/**
 * The words of `PackedPostingsWriter`'s bytes: slot s has words `offsets[s]` to `offsets[s + 1]`.
 * Throws a RangeError on anything else: a posting of no chunk (an ordinal at or past `chunks`), a
 * frequency of 0, a varint past the bytes or past 32 bits, bytes left over.
 */
export function unpackPostings(bytes: Uint8Array, offsets: Int32Array, chunks: number): Int32Array {
  const words = new Int32Array(offsets[offsets.length - 1]!)
  const slots = offsets.length - 1
  let at = 0
  for (let s = 0; s < slots; s++) at = unpackSlot(bytes, at, words, offsets[s]!, offsets[s + 1]!, chunks)
  if (at !== bytes.length) throw new RangeError('Packed postings longer than their words')
  return words
}

/**
 * One slot's words, from `bytes[at]`; where the next slot starts. A function of its own, called once
 * per slot: it is compiled early in a load, where one loop over every slot ran slower for longer.
 */
function unpackSlot(
  bytes: Uint8Array,
  from: number,
  into: Int32Array,
  start: number,
  end: number,
  chunks: number,
): number {
  let at = from
  let ordinal = -1
  for (let w = start; w < end; w++) {
    if (at >= bytes.length) throw new RangeError('Packed postings cut short')
    let byte = bytes[at++]!
    let value = byte & 127
    let scale = 128
    while (byte > 127) {
      if (at >= bytes.length || scale > 2 ** 28) throw new RangeError('A packed posting past its bounds')
      byte = bytes[at++]!
      value += (byte & 127) * scale
      scale *= 128
    }
    if (value > 0xffff_ffff) throw new RangeError('A packed posting past its bounds')
    const frequency = value & LARGE_FREQUENCY
    ordinal += value >>> 6
    if (frequency === 0 || ordinal >= chunks || value < 64) throw new RangeError('A posting of no chunk')
    into[w] = (ordinal << 6) | frequency
  }
  return at
}

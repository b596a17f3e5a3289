import { unpackSlot } from './packedPostings'

/** Low bits of a posting word holding the term frequency; 63 means "63 or more, see `large`". */
const FREQUENCY_BITS = 6
const FREQUENCY_MASK = (1 << FREQUENCY_BITS) - 1
/** Ordinals must stay below this for a posting word to fit an int32 (33.5 million). */
export const MAX_ORDINAL = 2 ** (31 - FREQUENCY_BITS)

/**
 * Postings lists of the BM25 index (`Bm25Index`), one per slot (a term in one field), each a run of
 * postings in ascending chunk ordinal order in an Int32Array, one word per posting: the ordinal
 * shifted left by 6 bits, the term frequency in the low 6 (read them with `ordinalOf` and
 * `frequencyOf`). A frequency of 63 or more (a term 63 times in one chunk: rare) is kept exactly in
 * `large`, keyed by `largeKey(slot, ordinal)`, and the word says 63.
 *
 * No object per posting and none per slot until the slot is written: slots read from a snapshot
 * live in one shared pool (`load`), their words at `start`, or packed (`loadPacked`: about 1.65 bytes a
 * posting, `packedPostings.ts`) until first used; the first append copies a slot into an array of its
 * own, grown by half as it fills. MiniSearch's Map of Maps cost ~80 bytes a posting; this costs 4, plus
 * the growth's slack.
 *
 * Packed slots are unpacked one at a time, when first read: unpacking every slot at load took a cold
 * start at 139k passages 0.5-0.6 s in Chromium's worker (most of it the fresh memory of 41.5 MB of words),
 * where a search unpacks the few slots of its terms. A save reads a packed slot without keeping it
 * unpacked (`readOnce`).
 *
 * Removed chunks are not searched for in every list at once (that is a walk of all postings): a
 * removal bumps `epoch`, and a slot is compacted (`clean`) the first time it is read after one, by
 * whoever reads it. So a list's length, once clean, is its live document frequency, as in a freshly
 * built (or vacuumed MiniSearch) index. A compaction is one pass over one list, about a millisecond
 * for a term in half of a million chunks. Writing a snapshot (`bm25Bytes.ts`) reads, and so compacts,
 * every list a few thousand postings per step: the index's vacuum, sliced, whenever it is saved.
 */
export class Postings {
  /** The slot's own array, or null when its words are in `pool` (or it has none). */
  private own: Array<Int32Array | null> = []
  private pool: Int32Array = new Int32Array(0)
  /** Per slot: where its words start in its array, how many, and the epoch it was clean at. */
  private start: Int32Array = new Int32Array(0)
  private count: Int32Array = new Int32Array(0)
  private cleanAt: Int32Array = new Int32Array(0)
  private slots = 0
  /** Packed words (`loadPacked`): slot s's are `packed[packedAt[s]]` to `packed[packedAt[s + 1]]`. */
  private packed: Uint8Array = new Uint8Array(0)
  private packedAt: Int32Array = new Int32Array(0)
  /** 1 where a slot's words are still packed. */
  private isPacked = new Uint8Array(0)
  /** Chunks a packed posting may name (its ordinal below this). */
  private chunks = 0
  /** A packed slot's words unpacked by `readOnce`. */
  private scratch = new Int32Array(0)
  /** Exact frequencies of 63 and more, by `largeKey` (entries of removed chunks are never read again). */
  large = new Map<number, number>()
  /** Bumped by every removal: a slot clean at an older epoch may hold removed chunks' postings. */
  epoch = 0
  /**
   * Told when a packed slot proves unreadable as it is unpacked (`unpackSlot`'s RangeError): the slot
   * is then empty. Absent, the error is thrown to whatever read the slot, and the slot stays packed.
   */
  onUnreadable: ((error: RangeError) => void) | undefined

  get slotCount(): number {
    return this.slots
  }

  /** How many slots are still packed (`loadPacked`). */
  get packedCount(): number {
    let packed = 0
    for (let s = 0; s < this.slots; s++) packed += this.isPacked[s]!
    return packed
  }

  /** Adds empty slots up to `slots`. */
  grow(slots: number): void {
    if (slots <= this.slots) return
    if (slots > this.start.length) {
      const capacity = Math.max(64, slots + (slots >> 1))
      this.start = grown(this.start, capacity)
      this.count = grown(this.count, capacity)
      this.cleanAt = grown(this.cleanAt, capacity)
      const isPacked = new Uint8Array(capacity)
      isPacked.set(this.isPacked.subarray(0, Math.min(this.isPacked.length, capacity)))
      this.isPacked = isPacked
    }
    for (let s = this.slots; s < slots; s++) {
      this.own.push(null)
      this.start[s] = 0
      this.count[s] = 0
      this.cleanAt[s] = this.epoch
    }
    this.slots = slots
  }

  /** Appends a posting to a slot; ordinals must come in ascending order per slot, below MAX_ORDINAL. */
  append(slot: number, ordinal: number, frequency: number): void {
    if (this.isPacked[slot] === 1) this.unpack(slot)
    let array = this.own[slot] ?? null
    const n = this.count[slot]!
    if (array === null || n === array.length) {
      const next = new Int32Array(Math.max(2, n + (n >> 1)))
      const from = array ?? this.pool
      const at = array === null ? this.start[slot]! : 0
      next.set(from.subarray(at, at + n))
      this.own[slot] = array = next
      this.start[slot] = 0
    }
    if (frequency >= FREQUENCY_MASK) this.large.set(largeKey(slot, ordinal), frequency)
    array[n] = (ordinal << FREQUENCY_BITS) | Math.min(frequency, FREQUENCY_MASK)
    this.count[slot] = n + 1
  }

  /**
   * The slot's live postings: words `data[start]` to `data[start + count - 1]`. Compacts the slot
   * first when a removal came since it was last clean.
   */
  read(slot: number, alive: Uint8Array): { data: Int32Array; start: number; count: number } {
    if (this.isPacked[slot] === 1) this.unpack(slot)
    if (this.cleanAt[slot] !== this.epoch) this.clean(slot, alive)
    return { data: this.own[slot] ?? this.pool, start: this.start[slot]!, count: this.count[slot]! }
  }

  /**
   * `read`, except that a slot still packed and clean is unpacked into a scratch array (valid until the
   * next call) and stays packed: a save reads every slot, and keeping them all unpacked would hold the
   * memory their packing saves.
   */
  readOnce(slot: number, alive: Uint8Array): { data: Int32Array; start: number; count: number } {
    if (this.isPacked[slot] !== 1 || this.cleanAt[slot] !== this.epoch) return this.read(slot, alive)
    const count = this.count[slot]!
    if (this.scratch.length < count) this.scratch = new Int32Array(Math.max(count, 2 * this.scratch.length))
    if (!this.unpackInto(slot, this.scratch)) return { data: this.scratch, start: 0, count: 0 }
    return { data: this.scratch, start: 0, count }
  }

  /** The slot's live posting count (its document frequency). */
  live(slot: number, alive: Uint8Array): number {
    if (this.cleanAt[slot] !== this.epoch) {
      if (this.isPacked[slot] === 1) this.unpack(slot)
      this.clean(slot, alive)
    }
    return this.count[slot]!
  }

  /** A word's exact term frequency. */
  frequency(slot: number, word: number): number {
    const frequency = word & FREQUENCY_MASK
    return frequency === FREQUENCY_MASK ? this.large.get(largeKey(slot, word >>> FREQUENCY_BITS))! : frequency
  }

  /** Drops the postings of removed chunks, in place and in order. */
  private clean(slot: number, alive: Uint8Array): void {
    const data = this.own[slot] ?? this.pool
    const base = this.start[slot]!
    const n = this.count[slot]!
    let kept = 0
    for (let i = 0; i < n; i++) {
      const word = data[base + i]!
      if (alive[word >>> FREQUENCY_BITS] === 0) continue
      data[base + kept++] = word
    }
    this.count[slot] = kept
    this.cleanAt[slot] = this.epoch
    // An emptied list gives its memory back; a list that keeps growing regrows.
    if (kept === 0) this.own[slot] = null
  }

  /**
   * Replaces everything with `slots` slots whose words are in `pool`: slot s has words `offsets[s]`
   * to `offsets[s + 1]`. The pool is kept and read in place (and compacted in place by removals).
   */
  load(slots: number, offsets: Int32Array, pool: Int32Array, large: Map<number, number>): void {
    this.own = new Array<Int32Array | null>(slots).fill(null)
    this.pool = pool
    this.start = new Int32Array(slots)
    this.count = new Int32Array(slots)
    this.cleanAt = new Int32Array(slots).fill(this.epoch)
    this.isPacked = new Uint8Array(slots)
    for (let s = 0; s < slots; s++) {
      this.start[s] = offsets[s]!
      this.count[s] = offsets[s + 1]! - offsets[s]!
    }
    this.slots = slots
    this.large = large
  }

  /**
   * `load` with the words packed (`PackedPostingsWriter`, checked by `packedSlotsFit`): slot s has
   * `offsets[s + 1] - offsets[s]` words in `packed[packedAt[s]]` to `packed[packedAt[s + 1]]`, postings of
   * chunks below `chunks`. Each slot is unpacked when first used; `packed` is kept until then.
   */
  loadPacked(
    slots: number,
    offsets: Int32Array,
    packed: Uint8Array,
    packedAt: Int32Array,
    large: Map<number, number>,
    chunks: number,
  ): void {
    this.load(slots, offsets, new Int32Array(0), large)
    for (let s = 0; s < slots; s++) this.start[s] = 0
    // A view of a buffer over twice its size would keep all of it alive until every list is unpacked:
    // the server reads a whole snapshot into one buffer (92 MB at 139k passages, 17 of them postings),
    // the browser BM25's part alone (25 MB), which stays.
    this.packed = packed.byteLength * 2 < packed.buffer.byteLength ? packed.slice() : packed
    this.packedAt = packedAt
    this.isPacked.fill(1)
    this.chunks = chunks
  }

  /** Unpacks a packed slot into an array of its own (see `onUnreadable` when it cannot be). */
  private unpack(slot: number): void {
    const words = new Int32Array(this.count[slot]!)
    if (this.unpackInto(slot, words)) this.own[slot] = words
    else this.count[slot] = 0
    this.isPacked[slot] = 0
  }

  /** Unpacks a packed slot's words into `into`; false when they proved unreadable and the listener was told. */
  private unpackInto(slot: number, into: Int32Array): boolean {
    try {
      unpackSlot(
        this.packed,
        this.packedAt[slot]!,
        this.packedAt[slot + 1]!,
        into,
        0,
        this.count[slot]!,
        this.chunks,
      )
      return true
    } catch (error) {
      if (!(error instanceof RangeError) || !this.onUnreadable) throw error
      this.onUnreadable(error)
      return false
    }
  }
}

/** A posting word's chunk ordinal. */
export function ordinalOf(word: number): number {
  return word >>> FREQUENCY_BITS
}

/** A posting word's term frequency field: the frequency, or 63 for "look it up" (`Postings.frequency`). */
export function frequencyOf(word: number): number {
  return word & FREQUENCY_MASK
}

/** A posting word from its parts (the frequency capped at 63: the caller keeps larger ones in `large`). */
export function postingWord(ordinal: number, frequency: number): number {
  return (ordinal << FREQUENCY_BITS) | Math.min(frequency, FREQUENCY_MASK)
}

export const LARGE_FREQUENCY = FREQUENCY_MASK

export function largeKey(slot: number, ordinal: number): number {
  return slot * MAX_ORDINAL + ordinal
}

function grown(values: Int32Array, capacity: number): Int32Array {
  const next = new Int32Array(capacity)
  next.set(values)
  return next
}

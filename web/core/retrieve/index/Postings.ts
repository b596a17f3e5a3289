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
 * (`load`) live in one shared pool, their words at `start`; the first append copies a slot into an
 * array of its own, grown by half as it fills. MiniSearch's Map of Maps cost ~80 bytes a posting;
 * this costs 4, plus the growth's slack.
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
  /** Exact frequencies of 63 and more, by `largeKey` (entries of removed chunks are never read again). */
  large = new Map<number, number>()
  /** Bumped by every removal: a slot clean at an older epoch may hold removed chunks' postings. */
  epoch = 0

  get slotCount(): number {
    return this.slots
  }

  /** Adds empty slots up to `slots`. */
  grow(slots: number): void {
    if (slots <= this.slots) return
    if (slots > this.start.length) {
      const capacity = Math.max(64, slots + (slots >> 1))
      this.start = grown(this.start, capacity)
      this.count = grown(this.count, capacity)
      this.cleanAt = grown(this.cleanAt, capacity)
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
    if (this.cleanAt[slot] !== this.epoch) this.clean(slot, alive)
    return { data: this.own[slot] ?? this.pool, start: this.start[slot]!, count: this.count[slot]! }
  }

  /** The slot's live posting count (its document frequency). */
  live(slot: number, alive: Uint8Array): number {
    if (this.cleanAt[slot] !== this.epoch) this.clean(slot, alive)
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
    for (let s = 0; s < slots; s++) {
      this.start[s] = offsets[s]!
      this.count[s] = offsets[s + 1]! - offsets[s]!
    }
    this.slots = slots
    this.large = large
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

/**
 * Postings lists of the BM25 index (`Bm25Index`), one per slot (a term in one field), each a run of
 * (chunk ordinal, term frequency) pairs in ascending ordinal order, in an Int32Array.
 *
 * No object per posting and none per slot until the slot is written: slots read from a snapshot
 * (`load`) live in one shared pool, their pairs at `start`; the first append copies a slot into an
 * array of its own, grown by half as it fills. A Map-of-Maps (MiniSearch's) cost ~80 bytes a posting;
 * this costs 8, plus the growth's slack.
 *
 * Removed chunks are not searched for in every list at once (that is a walk of all postings): a
 * removal bumps `epoch`, and a slot is compacted (`clean`) the first time it is read after one, by
 * whoever reads it. So a list's length, once clean, is its live document frequency, as in a freshly
 * built (or vacuumed MiniSearch) index. A compaction is one pass over one list, a millisecond at a
 * million chunks; lists never read again keep their dead pairs until the next snapshot drops them.
 */
export class Postings {
  /** The slot's own array, or null when its pairs are in `pool` (or it has none). */
  private own: Array<Int32Array | null> = []
  private pool: Int32Array = new Int32Array(0)
  /** Per slot: where its pairs start (in pairs) in its array, how many, and the epoch it was clean at. */
  private start: Int32Array = new Int32Array(0)
  private count: Int32Array = new Int32Array(0)
  private cleanAt: Int32Array = new Int32Array(0)
  private slots = 0
  /** Bumped by every removal: a slot clean at an older epoch may hold removed chunks' pairs. */
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

  /** Appends (ordinal, frequency) to a slot; ordinals must come in ascending order per slot. */
  append(slot: number, ordinal: number, frequency: number): void {
    let array = this.own[slot] ?? null
    const n = this.count[slot]!
    if (array === null || 2 * n === array.length) {
      const next = new Int32Array(2 * Math.max(2, n + (n >> 1)))
      const from = array ?? this.pool
      const at = array === null ? 2 * this.start[slot]! : 0
      next.set(from.subarray(at, at + 2 * n))
      this.own[slot] = array = next
      this.start[slot] = 0
    }
    array[2 * n] = ordinal
    array[2 * n + 1] = frequency
    this.count[slot] = n + 1
  }

  /**
   * The slot's live pairs: `data[2 * (start + i)]` is the i-th ordinal, the next entry its frequency,
   * for i < count. Compacts the slot first when a removal came since it was last clean.
   */
  read(slot: number, alive: Uint8Array): { data: Int32Array; start: number; count: number } {
    if (this.cleanAt[slot] !== this.epoch) this.clean(slot, alive)
    return { data: this.own[slot] ?? this.pool, start: this.start[slot]!, count: this.count[slot]! }
  }

  /** The slot's live pair count (its document frequency). */
  live(slot: number, alive: Uint8Array): number {
    if (this.cleanAt[slot] !== this.epoch) this.clean(slot, alive)
    return this.count[slot]!
  }

  /** Drops the pairs of removed chunks, in place and in order. */
  private clean(slot: number, alive: Uint8Array): void {
    const data = this.own[slot] ?? this.pool
    const base = 2 * this.start[slot]!
    const n = this.count[slot]!
    let kept = 0
    for (let i = 0; i < n; i++) {
      const ordinal = data[base + 2 * i]!
      if (alive[ordinal] === 0) continue
      if (kept !== i) {
        data[base + 2 * kept] = ordinal
        data[base + 2 * kept + 1] = data[base + 2 * i + 1]!
      }
      kept++
    }
    this.count[slot] = kept
    this.cleanAt[slot] = this.epoch
    // An emptied list gives its memory back; a list that keeps growing regrows.
    if (kept === 0) this.own[slot] = null
  }

  /**
   * Replaces everything with `slots` slots whose pairs are in `pool`: slot s has pairs
   * `offsets[s]` to `offsets[s + 1]` (in pairs). The pool is kept and read in place.
   */
  load(slots: number, offsets: Int32Array, pool: Int32Array): void {
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
  }
}

function grown(values: Int32Array, capacity: number): Int32Array {
  const next = new Int32Array(capacity)
  next.set(values)
  return next
}

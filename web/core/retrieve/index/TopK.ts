/**
 * The `k` highest-scoring rows seen so far: a binary min-heap in two typed arrays, so the worst kept
 * score is at the root and a candidate that cannot make the cut costs one comparison. Selecting k of
 * n is O(n log k) with no allocation per candidate, against O(n log n) and an object per row for
 * sorting everything. Among equal scores, the rows offered first are kept.
 */
export class TopK {
  private readonly scores: Float64Array
  private readonly rows: Int32Array
  private length = 0

  constructor(readonly k: number) {
    const capacity = Math.max(0, Math.floor(k))
    this.scores = new Float64Array(capacity)
    this.rows = new Int32Array(capacity)
  }

  get size(): number {
    return this.length
  }

  /** The score a new row must beat to get in: -Infinity until the heap is full. */
  get floor(): number {
    return this.length < this.scores.length ? -Infinity : this.scores[0]!
  }

  offer(score: number, row: number): void {
    const { scores, rows } = this
    if (this.length < scores.length) {
      // Sift up from the new leaf.
      let i = this.length++
      while (i > 0) {
        const parent = (i - 1) >> 1
        if (scores[parent]! <= score) break
        scores[i] = scores[parent]!
        rows[i] = rows[parent]!
        i = parent
      }
      scores[i] = score
      rows[i] = row
      return
    }
    if (scores.length === 0 || score <= scores[0]!) return
    // Replace the root and sift down.
    const n = this.length
    let i = 0
    for (;;) {
      const left = 2 * i + 1
      if (left >= n) break
      const right = left + 1
      const child = right < n && scores[right]! < scores[left]! ? right : left
      if (scores[child]! >= score) break
      scores[i] = scores[child]!
      rows[i] = rows[child]!
      i = child
    }
    scores[i] = score
    rows[i] = row
  }

  /** The kept rows, best first (ties: lower row first), and empties the heap. */
  drain(): Array<{ row: number; score: number }> {
    const out: Array<{ row: number; score: number }> = []
    for (let i = 0; i < this.length; i++) out.push({ row: this.rows[i]!, score: this.scores[i]! })
    this.length = 0
    return out.sort((a, b) => b.score - a.score || a.row - b.row)
  }
}

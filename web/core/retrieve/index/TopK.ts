/**
 * The `k` best rows seen so far, best meaning the higher score and, among equal scores, the lower
 * row: exactly the first `k` of all rows sorted by score, descending, then row, ascending (what a
 * stable sort of rows offered in row order gives), whatever order they are offered in.
 *
 * A binary heap in two typed arrays with the worst kept row at the root, so a candidate that cannot
 * make the cut costs one comparison. Selecting k of n is O(n log k) with no allocation per
 * candidate, against O(n log n) and an object per row for sorting everything.
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

  /**
   * A score that cannot get in unless it beats this: -Infinity until the heap is full, then the
   * worst kept score. When rows are offered in ascending order, a caller may skip any score that
   * is not above it without offering (an equal score with a later row loses the tie).
   */
  get floor(): number {
    return this.length < this.scores.length ? -Infinity : this.scores[0]!
  }

  offer(score: number, row: number): void {
    const { scores, rows } = this
    if (this.length < scores.length) {
      // Sift up from the new leaf while the parent is better (it must stay nearer the root's worst).
      let i = this.length++
      while (i > 0) {
        const parent = (i - 1) >> 1
        if (!worse(score, row, scores[parent]!, rows[parent]!)) break
        scores[i] = scores[parent]!
        rows[i] = rows[parent]!
        i = parent
      }
      scores[i] = score
      rows[i] = row
      return
    }
    if (scores.length === 0 || !worse(scores[0]!, rows[0]!, score, row)) return
    // Replace the root (the worst) and sift down towards the worse child.
    const n = this.length
    let i = 0
    for (;;) {
      const left = 2 * i + 1
      if (left >= n) break
      const right = left + 1
      const child =
        right < n && worse(scores[right]!, rows[right]!, scores[left]!, rows[left]!) ? right : left
      if (!worse(scores[child]!, rows[child]!, score, row)) break
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

/** Whether (score a, row a) ranks below (score b, row b). */
function worse(scoreA: number, rowA: number, scoreB: number, rowB: number): boolean {
  return scoreA < scoreB || (scoreA === scoreB && rowA > rowB)
}

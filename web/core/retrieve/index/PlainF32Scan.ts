import { dotsInJs } from './dotsInJs'
import type { ScoredId } from './ScoredId'
import { unitRow } from './unitRow'

/**
 * Every row kept as its f32 unit row and scored exactly, then sorted (score descending, then row
 * ascending): what `VectorIndex` kept before issue 20, and what its compact rows with exact
 * rescoring must answer to the bit. The reference of its tests and the f32 side of `bench searchScale`.
 */
export class PlainF32Scan {
  readonly rows: Float32Array<ArrayBuffer>
  private readonly ids: string[]

  constructor(
    readonly dimensions: number,
    vectors: ReadonlyArray<{ id: string; vector: Float32Array }>,
  ) {
    this.rows = new Float32Array(vectors.length * dimensions)
    this.ids = vectors.map(({ id }) => id)
    vectors.forEach(({ vector }, row) =>
      unitRow(vector, this.rows.subarray(row * dimensions, (row + 1) * dimensions)),
    )
  }

  search(
    query: Float32Array,
    { limit, minScore = -Infinity }: { limit: number; minScore?: number },
  ): ScoredId[] {
    const d = this.dimensions
    const unit = unitRow(query, new Float32Array(d))
    const scores = new Float64Array(this.ids.length)
    dotsInJs(this.rows, 0, d, this.ids.length, Float64Array.from(unit), scores)
    const rows: number[] = []
    for (let row = 0; row < scores.length; row++) if (scores[row]! >= minScore) rows.push(row)
    rows.sort((a, b) => scores[b]! - scores[a]! || a - b)
    return rows
      .slice(0, limit)
      .map((row) => ({ id: this.ids[row]!, score: Math.min(1, Math.max(-1, scores[row]!)) }))
  }
}

import { afterEach, describe, expect, it, vi } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import { SCORE_BLOCK_ROWS, VectorMatrix } from './VectorMatrix'

const DIMS = 20

function fill(matrix: VectorMatrix, from: number, to: number, seed: number): void {
  const next = seededRandom(seed)
  const values = matrix.values
  for (let i = from * DIMS; i < to * DIMS; i++) values[i] = next() * 2 - 1
}

function allScores(matrix: VectorMatrix, rows: number): number[] {
  const scores: number[] = []
  for (let start = 0; start < rows; start += SCORE_BLOCK_ROWS) {
    const count = Math.min(SCORE_BLOCK_ROWS, rows - start)
    scores.push(...matrix.dots(start, count).subarray(0, count))
  }
  return scores
}

const query = Float32Array.from({ length: DIMS }, (_, i) => Math.sin(i + 1))

describe('VectorMatrix', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('keeps rows through growth and scores them the same in JS and WebAssembly', () => {
    const js = new VectorMatrix(DIMS, 4, { wasmFromRows: Infinity })
    const wasm = new VectorMatrix(DIMS, 4, { wasmFromRows: 0 })
    expect(js.usesWasm).toBe(false)
    expect(wasm.usesWasm).toBe(true)
    const rows = 3000
    for (const matrix of [js, wasm]) {
      let used = 0
      // Grow in uneven steps, filling as we go; earlier rows must survive every growth.
      for (const target of [3, 100, 1500, rows]) {
        matrix.reserve(target, used)
        fill(matrix, used, target, target)
        used = target
      }
      expect(matrix.capacity).toBeGreaterThanOrEqual(rows)
      matrix.setQuery(query)
    }
    expect(js.values.subarray(0, rows * DIMS)).toEqual(wasm.values.subarray(0, rows * DIMS))
    const fromJs = allScores(js, rows)
    expect(allScores(wasm, rows)).toEqual(fromJs)
    // And they are the dot products.
    const values = js.values
    for (const row of [0, 1, 1234, rows - 1]) {
      let exact = 0
      for (let i = 0; i < DIMS; i++) exact += query[i]! * values[row * DIMS + i]!
      expect(fromJs[row]).toBeCloseTo(exact, 12)
    }
  })

  it('moves its rows into WebAssembly memory once it reaches the threshold', () => {
    const matrix = new VectorMatrix(DIMS, 8, { wasmFromRows: 64 })
    fill(matrix, 0, 8, 1)
    matrix.setQuery(query)
    const before = allScores(matrix, 8)
    expect(matrix.usesWasm).toBe(false)
    matrix.reserve(30, 8) // capacity 32
    expect(matrix.usesWasm).toBe(false)
    matrix.reserve(33, 8) // capacity 64
    expect(matrix.usesWasm).toBe(true)
    matrix.setQuery(query)
    expect(allScores(matrix, 8)).toEqual(before)
  })

  it('falls back to JS, rows kept, when its memory cannot grow', () => {
    const matrix = new VectorMatrix(DIMS, 16, { wasmFromRows: 0 })
    fill(matrix, 0, 16, 2)
    matrix.setQuery(query)
    const before = allScores(matrix, 16)
    vi.spyOn(WebAssembly.Memory.prototype, 'grow').mockImplementation(() => {
      throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded')
    })
    matrix.reserve(50_000, 16)
    expect(matrix.usesWasm).toBe(false)
    expect(matrix.capacity).toBeGreaterThanOrEqual(50_000)
    matrix.setQuery(query)
    expect(allScores(matrix, 16)).toEqual(before)
  })

  it('bounds every row’s score from above, closely, for any dimension count', () => {
    for (const dims of [1, 7, 37, 384]) {
      const next = seededRandom(dims)
      const rows = 600
      const matrix = new VectorMatrix(dims, rows, { wasmFromRows: 0 })
      for (let row = 0; row < rows; row++) {
        // Unit rows mostly; some zero, some tiny, some with one dominant entry.
        const vector = Float32Array.from({ length: dims }, () => next() * 2 - 1)
        if (row % 50 === 0) vector.fill(0)
        if (row % 50 === 1) vector[0] = 40
        const norm = Math.hypot(...vector)
        matrix.writeRow(row, vector, row % 50 === 2 ? 1e-30 : norm > 0 ? 1 / norm : 0)
      }
      let slack = 0
      for (let q = 0; q < 5; q++) {
        const query = Float32Array.from({ length: dims }, () => next() * 2 - 1)
        const norm = Math.hypot(...query)
        matrix.setQuery(query.map((x) => x / norm))
        for (let start = 0; start < rows; start += SCORE_BLOCK_ROWS) {
          const count = Math.min(SCORE_BLOCK_ROWS, rows - start)
          const bounds = Array.from(matrix.upperBounds(start, count)!.subarray(0, count))
          const exact = Array.from(matrix.dots(start, count).subarray(0, count))
          exact.forEach((score, i) => {
            expect(bounds[i]).toBeGreaterThanOrEqual(score)
            // A dominant entry makes the steps coarse for the rest of its row (a looser bound).
            if ((start + i) % 50 !== 1) slack = Math.max(slack, bounds[i]! - score)
          })
        }
      }
      // Close enough to rule most rows out: a few hundredths at most for ordinary unit vectors.
      expect(slack, `${dims} dims`).toBeLessThan(0.05)
    }
  })

  it('bounds a row whose rounding errors all point the query’s way', () => {
    // The worst case the bound allows for: every code rounded down by almost half a step, in the
    // direction of the query's sign, so the rounding errors add up instead of cancelling.
    const dims = 64
    const step = 0.001
    const next = seededRandom(8)
    const signs = Array.from({ length: dims }, () => (next() < 0.5 ? -1 : 1))
    const row = signs.map((sign, i) => sign * step * (i === 0 ? 127 : Math.floor(next() * 100) + 0.49))
    const matrix = new VectorMatrix(dims, 1, { wasmFromRows: 0 })
    matrix.writeRow(0, row, 1)
    matrix.setQuery(Float32Array.from(signs, (sign) => sign / Math.sqrt(dims)))
    const exact = matrix.dots(0, 1)[0]!
    const bound = matrix.upperBounds(0, 1)![0]!
    expect(bound).toBeGreaterThanOrEqual(exact)
    // Tight: the errors take up nearly all of the allowance (half a step times |q|_1).
    expect(bound - exact).toBeLessThan(0.05 * step * Math.sqrt(dims))
  })

  it('has no bounds in JS mode', () => {
    const matrix = new VectorMatrix(DIMS, 8, { wasmFromRows: Infinity })
    matrix.setQuery(query)
    expect(matrix.upperBounds(0, 8)).toBeNull()
  })

  it('scores at most one block per call', () => {
    const matrix = new VectorMatrix(DIMS, SCORE_BLOCK_ROWS + 1)
    expect(() => matrix.dots(0, SCORE_BLOCK_ROWS + 1)).toThrow(RangeError)
  })
})

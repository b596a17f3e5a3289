import { afterEach, describe, expect, it, vi } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import { dotsInJs } from './dotsInJs'
import { unitRow } from './unitRow'
import { SCORE_BLOCK_ROWS, VectorMatrix } from './VectorMatrix'

const DIMS = 20

/** Random unit rows written into `matrix` at rows `from .. to`, returned for exact scoring. */
function fill(matrix: VectorMatrix, from: number, to: number, seed: number): Float32Array[] {
  const next = seededRandom(seed)
  const rows: Float32Array[] = []
  for (let row = from; row < to; row++) {
    const unit = unitRow(
      Float32Array.from({ length: matrix.dimensions }, () => next() * 2 - 1),
      new Float32Array(matrix.dimensions),
    )
    matrix.writeRow(row, unit)
    rows.push(unit)
  }
  return rows
}

function exactScore(row: Float32Array, query: Float32Array): number {
  const out = new Float64Array(1)
  dotsInJs(row, 0, row.length, 1, Float64Array.from(query), out)
  return out[0]!
}

/** Every row's interval, as plain arrays. */
function allEstimates(matrix: VectorMatrix, rows: number): { low: number[]; high: number[] } {
  const low: number[] = []
  const high: number[] = []
  for (let start = 0; start < rows; start += SCORE_BLOCK_ROWS) {
    const count = Math.min(SCORE_BLOCK_ROWS, rows - start)
    const block = matrix.estimates(start, count)
    low.push(...block.low.subarray(0, count))
    high.push(...block.high.subarray(0, count))
  }
  return { low, high }
}

const query = unitRow(
  Float32Array.from({ length: DIMS }, (_, i) => Math.sin(i + 1)),
  new Float32Array(DIMS),
)

describe('VectorMatrix', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('keeps rows through growth and estimates them the same in JS and WebAssembly, around the exact score', () => {
    const js = new VectorMatrix(DIMS, 4, { wasmFromRows: Infinity })
    const wasm = new VectorMatrix(DIMS, 4, { wasmFromRows: 0 })
    expect(js.usesWasm).toBe(false)
    expect(wasm.usesWasm).toBe(true)
    const rows = 3000
    const written: Float32Array[] = []
    for (const matrix of [js, wasm]) {
      let used = 0
      written.length = 0
      // Grow in uneven steps, filling as we go; earlier rows must survive every growth.
      for (const target of [3, 100, 1500, rows]) {
        matrix.reserve(target, used)
        written.push(...fill(matrix, used, target, target))
        used = target
      }
      expect(matrix.capacity).toBeGreaterThanOrEqual(rows)
      matrix.setQuery(query)
    }
    const fromJs = allEstimates(js, rows)
    expect(allEstimates(wasm, rows)).toEqual(fromJs)
    written.forEach((row, i) => {
      const exact = exactScore(row, query)
      expect(fromJs.low[i]).toBeLessThanOrEqual(exact)
      expect(fromJs.high[i]).toBeGreaterThanOrEqual(exact)
    })
  })

  it('moves its codes into WebAssembly memory once it reaches the threshold', () => {
    const matrix = new VectorMatrix(DIMS, 8, { wasmFromRows: 64 })
    fill(matrix, 0, 8, 1)
    matrix.setQuery(query)
    const before = allEstimates(matrix, 8)
    expect(matrix.usesWasm).toBe(false)
    matrix.reserve(30, 8) // capacity 32
    expect(matrix.usesWasm).toBe(false)
    matrix.reserve(33, 8) // capacity 64
    expect(matrix.usesWasm).toBe(true)
    matrix.setQuery(query)
    expect(allEstimates(matrix, 8)).toEqual(before)
  })

  it('falls back to JS, rows kept, when its memory cannot grow', () => {
    const matrix = new VectorMatrix(DIMS, 16, { wasmFromRows: 0 })
    fill(matrix, 0, 16, 2)
    matrix.setQuery(query)
    const before = allEstimates(matrix, 16)
    vi.spyOn(WebAssembly.Memory.prototype, 'grow').mockImplementation(() => {
      throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded')
    })
    matrix.reserve(50_000, 16)
    expect(matrix.usesWasm).toBe(false)
    expect(matrix.capacity).toBeGreaterThanOrEqual(50_000)
    matrix.setQuery(query)
    expect(allEstimates(matrix, 16)).toEqual(before)
  })

  it('gives back the rows it encoded: the same estimates after load, into JS or WebAssembly', () => {
    // More rows than a block, so the WebAssembly load sums |c|_1 a block at a time.
    const rows = SCORE_BLOCK_ROWS + 40
    const matrix = new VectorMatrix(DIMS, rows, { wasmFromRows: 0 })
    fill(matrix, 0, rows, 3)
    matrix.setQuery(query)
    const expected = allEstimates(matrix, rows)
    for (const wasmFromRows of [Infinity, 0]) {
      const copy = new VectorMatrix(DIMS, 1, { wasmFromRows })
      copy.reserve(rows, 0)
      expect(copy.usesWasm).toBe(wasmFromRows === 0)
      copy.load(matrix.encoded(rows), 0, rows)
      copy.setQuery(query)
      expect(allEstimates(copy, rows)).toEqual(expected)
    }
  })

  it('bounds every row’s score from both sides, closely, for any dimension count', () => {
    for (const dims of [1, 7, 37, 384]) {
      const next = seededRandom(dims)
      const count = 600
      const matrix = new VectorMatrix(dims, count, { wasmFromRows: 0 })
      const rows: Float32Array[] = []
      for (let row = 0; row < count; row++) {
        // Unit rows mostly; some zero, some tiny, some with one dominant entry.
        const vector = Float32Array.from({ length: dims }, () => next() * 2 - 1)
        if (row % 50 === 0) vector.fill(0)
        if (row % 50 === 1) vector[0] = 40
        const unit = unitRow(vector, new Float32Array(dims))
        if (row % 50 === 2) unit.forEach((x, i) => (unit[i] = x * 1e-30))
        matrix.writeRow(row, unit)
        rows.push(unit)
      }
      let slack = 0
      for (let q = 0; q < 5; q++) {
        const query = unitRow(
          Float32Array.from({ length: dims }, () => next() * 2 - 1),
          new Float32Array(dims),
        )
        matrix.setQuery(query)
        const { low, high } = allEstimates(matrix, count)
        rows.forEach((row, i) => {
          const exact = exactScore(row, query)
          expect(low[i]).toBeLessThanOrEqual(exact)
          expect(high[i]).toBeGreaterThanOrEqual(exact)
          // A dominant entry makes the steps coarse for the rest of its row (a looser bound).
          if (i % 50 !== 1) slack = Math.max(slack, high[i]! - exact, exact - low[i]!)
        })
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
    const row = Float32Array.from(
      signs,
      (sign, i) => sign * step * (i === 0 ? 127 : Math.floor(next() * 100) + 0.49),
    )
    const matrix = new VectorMatrix(dims, 1, { wasmFromRows: 0 })
    matrix.writeRow(0, row)
    const query = Float32Array.from(signs, (sign) => sign / Math.sqrt(dims))
    matrix.setQuery(query)
    const exact = exactScore(row, query)
    const { low, high } = matrix.estimates(0, 1)
    expect(low[0]).toBeLessThanOrEqual(exact)
    expect(high[0]).toBeGreaterThanOrEqual(exact)
    // Tight: the errors take up nearly all of the allowance.
    expect(high[0]! - exact).toBeLessThan(0.05 * step * Math.sqrt(dims))
  })

  it('gives the rows whose upper bound reaches a level, with the intervals estimates gives them', () => {
    for (const wasmFromRows of [Infinity, 0]) {
      const matrix = new VectorMatrix(DIMS, 1500, { wasmFromRows })
      fill(matrix, 0, 1500, 11)
      matrix.setQuery(query)
      const all = allEstimates(matrix, 1500)
      const level = [...all.high].sort((a, b) => b - a)[40]!
      for (const [start, count] of [
        [0, SCORE_BLOCK_ROWS],
        [SCORE_BLOCK_ROWS, 1500 - SCORE_BLOCK_ROWS],
        [7, 300],
      ] as const) {
        const n = matrix.reaching(start, count, level)
        const { rows, low, high } = matrix.reached
        const expected = Array.from({ length: count }, (_, i) => start + i).filter(
          (row) => all.high[row]! >= level,
        )
        expect(Array.from(rows.subarray(0, n)), `wasmFromRows ${wasmFromRows}`).toEqual(expected)
        expect(Array.from(low.subarray(0, n))).toEqual(expected.map((row) => all.low[row]))
        expect(Array.from(high.subarray(0, n))).toEqual(expected.map((row) => all.high[row]))
      }
      expect(matrix.reaching(0, 100, Infinity)).toBe(0)
    }
  })

  it('estimates at most one block per call', () => {
    const matrix = new VectorMatrix(DIMS, SCORE_BLOCK_ROWS + 1)
    expect(() => matrix.estimates(0, SCORE_BLOCK_ROWS + 1)).toThrow(RangeError)
  })
})

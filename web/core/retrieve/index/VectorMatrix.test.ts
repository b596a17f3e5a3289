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

  it('scores at most one block per call', () => {
    const matrix = new VectorMatrix(DIMS, SCORE_BLOCK_ROWS + 1)
    expect(() => matrix.dots(0, SCORE_BLOCK_ROWS + 1)).toThrow(RangeError)
  })
})

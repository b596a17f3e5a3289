import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import { DOT_KERNEL_WASM, vectorKernelModule, vectorKernels } from './dotKernelWasm'
import { dotsInJs } from './dotsInJs'

/** Rows of random f32 in [-1, 1) and a query, written into a fresh memory the way VectorMatrix lays them out. */
function setUp(dims: number, rows: number, seed: number) {
  const next = seededRandom(seed)
  const queryAt = 0
  const outAt = Math.ceil((dims * 8) / 16) * 16
  // An odd row offset (4 bytes past a 16-byte boundary): unaligned vector loads must work too.
  const rowsAt = outAt + rows * 8 + 20
  const memory = new WebAssembly.Memory({ initial: Math.ceil((rowsAt + rows * dims * 4 + 16) / 65536) })
  const matrix = new Float32Array(memory.buffer, rowsAt, rows * dims)
  for (let i = 0; i < matrix.length; i++) matrix[i] = (next() * 2 - 1) * (next() < 0.1 ? 1e3 : 1)
  const query = new Float64Array(memory.buffer, queryAt, dims)
  query.set(Float32Array.from({ length: dims }, () => next() * 2 - 1))
  const out = new Float64Array(memory.buffer, outAt, rows)
  return { memory, matrix, query, out, rowsAt, outAt, queryAt }
}

describe('dotKernelWasm: dots', () => {
  it('is a valid module that this Node runs', () => {
    expect(WebAssembly.validate(DOT_KERNEL_WASM)).toBe(true)
    expect(vectorKernelModule()).not.toBeNull()
  })

  it('gives the same bits as the JS loop, and the true dot product, for any dimension count', () => {
    for (const dims of [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 383, 384, 385]) {
      for (const rows of [0, 1, 5, 33]) {
        const { memory, matrix, query, out, rowsAt, outAt, queryAt } = setUp(dims, rows, dims * 100 + rows)
        vectorKernels(memory)!.dots(rowsAt, queryAt, dims, rows, outAt)
        const fromJs = new Float64Array(rows)
        dotsInJs(matrix, 0, dims, rows, Float64Array.from(query), fromJs)
        expect(Array.from(out), `${dims} dims, ${rows} rows`).toEqual(Array.from(fromJs))
        for (let row = 0; row < rows; row++) {
          let exact = 0
          for (let i = 0; i < dims; i++) exact += query[i]! * matrix[row * dims + i]!
          expect(Math.abs(out[row]! - exact)).toBeLessThan(1e-9 * (1 + Math.abs(exact)))
        }
      }
    }
  })

  it('scores rows from any offset and leaves memory around the scores alone', () => {
    const dims = 12
    const { memory, matrix, query, out, rowsAt, outAt, queryAt } = setUp(dims, 10, 3)
    out.fill(-7)
    vectorKernels(memory)!.dots(rowsAt + 4 * dims * 4, queryAt, dims, 3, outAt + 8)
    const fromJs = new Float64Array(3)
    dotsInJs(matrix, 4 * dims, dims, 3, Float64Array.from(query), fromJs)
    expect(Array.from(out)).toEqual([-7, ...fromJs, -7, -7, -7, -7, -7, -7])
  })
})

describe('dotKernelWasm: codeDots', () => {
  it('sums code products exactly, at the extremes of the code ranges too', () => {
    for (const stride of [8, 16, 48, 384, 1024]) {
      const next = seededRandom(stride)
      const rows = 7
      const queryAt = 0
      const codesAt = stride * 2 + 8 // not 16-aligned
      const outAt = Math.ceil((codesAt + rows * stride) / 8) * 8
      const memory = new WebAssembly.Memory({ initial: 1 })
      const query = new Int16Array(memory.buffer, queryAt, stride)
      const codes = new Int8Array(memory.buffer, codesAt, rows * stride)
      // The largest query code VectorMatrix uses for this stride, so the sum stays below 2^31.
      const queryMax = Math.min(32_767, Math.floor(0x7fffffff / (127 * stride)))
      for (let i = 0; i < stride; i++)
        query[i] = i % 2 === 0 ? queryMax : Math.round((next() * 2 - 1) * queryMax)
      for (let i = 0; i < codes.length; i++) codes[i] = i < stride ? 127 : Math.round((next() * 2 - 1) * 127)
      vectorKernels(memory)!.codeDots(codesAt, queryAt, stride, rows, outAt)
      const out = new Float64Array(memory.buffer, outAt, rows)
      for (let row = 0; row < rows; row++) {
        let sum = 0
        for (let i = 0; i < stride; i++) sum += codes[row * stride + i]! * query[i]!
        expect(out[row], `stride ${stride}, row ${row}`).toBe(sum)
      }
    }
  })
})

import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import { DOT_KERNEL_WASM, vectorKernelModule, vectorKernels } from './dotKernelWasm'
import { codeDotsInJs } from './codeDotsInJs'

describe('dotKernelWasm', () => {
  it('is a valid module that this Node runs', () => {
    expect(WebAssembly.validate(DOT_KERNEL_WASM)).toBe(true)
    expect(vectorKernelModule()).not.toBeNull()
  })
})

describe('dotKernelWasm: codeDots', () => {
  it('sums code products exactly, as the JS loop does, at the extremes of the code ranges too', () => {
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
      const fromJs = new Float64Array(rows)
      codeDotsInJs(codes, 0, stride, rows, query, fromJs)
      expect(Array.from(out), `stride ${stride}: the JS loop gives the same sums`).toEqual(Array.from(fromJs))
      for (let row = 0; row < rows; row++) {
        let sum = 0
        for (let i = 0; i < stride; i++) sum += codes[row * stride + i]! * query[i]!
        expect(out[row], `stride ${stride}, row ${row}`).toBe(sum)
      }
    }
  })
})

describe('dotKernelWasm: codeL1s', () => {
  it('sums each row’s code magnitudes and keeps the largest magnitude per lane, -128 showing as 128', () => {
    for (const stride of [8, 24, 384]) {
      const next = seededRandom(stride + 1)
      const rows = 5
      const codesAt = 24 // not 16-aligned
      const largestAt = codesAt + rows * stride + 8
      const outAt = Math.ceil((largestAt + 16) / 8) * 8
      const memory = new WebAssembly.Memory({ initial: 1 })
      const codes = new Int8Array(memory.buffer, codesAt, rows * stride)
      for (let i = 0; i < codes.length; i++) codes[i] = i < stride ? -127 : Math.round((next() * 2 - 1) * 127)
      const kernels = vectorKernels(memory)!
      kernels.codeL1s(codesAt, stride, rows, outAt, largestAt)
      const out = Array.from(new Float64Array(memory.buffer, outAt, rows))
      const expected = Array.from({ length: rows }, (_, row) =>
        codes.subarray(row * stride, (row + 1) * stride).reduce((sum, code) => sum + Math.abs(code), 0),
      )
      expect(out, `stride ${stride}`).toEqual(expected)
      const largest = () => Math.max(...new Uint8Array(memory.buffer, largestAt, 16))
      expect(largest()).toBe(127)
      codes[stride + 3] = -128
      kernels.codeL1s(codesAt + stride, stride, 1, outAt, largestAt)
      expect(largest()).toBe(128)
    }
  })
})

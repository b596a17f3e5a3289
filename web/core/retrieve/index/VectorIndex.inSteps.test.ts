import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import type { ExactVectors } from './ExactVectors'
import { VectorIndex } from './VectorIndex'
import { VECTOR_ROWS_HEADER_BYTES, codeStride } from './VectorRows'

const DIMENSIONS = 8
/** Past three of `fromBytesInSteps`' steps of rows (8,192 each). */
const ROWS = 20_000

function built(): { index: VectorIndex; vectors: Map<string, Float32Array> } {
  const next = seededRandom(44)
  const index = new VectorIndex(DIMENSIONS)
  const vectors = new Map<string, Float32Array>()
  for (let i = 0; i < ROWS; i++) {
    const vector = Float32Array.from({ length: DIMENSIONS }, () => next() * 2 - 1)
    vectors.set(`r${i}`, vector)
    index.add(`r${i}`, vector, { collection_id: `c${i % 3}`, document_id: `d${i % 40}`, embedder: 'test-v1' })
  }
  return { index, vectors }
}

describe('VectorIndex.fromBytesInSteps', () => {
  it('restores what fromBytes restores, pausing between steps of rows', async () => {
    const { index, vectors } = built()
    const bytes = index.toBytes()
    let pauses = 0
    const stepped = await VectorIndex.fromBytesInSteps(bytes, async () => {
      pauses++
    })
    // The parse, the memory, three steps of codes, three of ids.
    expect(pauses).toBeGreaterThanOrEqual(8)
    const whole = VectorIndex.fromBytes(bytes)
    expect(stepped.size).toBe(ROWS)
    expect(Buffer.from(stepped.toBytes()).equals(bytes)).toBe(true)
    const exact: ExactVectors = async (ids) =>
      ids.map((id) => ({ id, embedder: 'test-v1', vector: vectors.get(id)! }))
    const next = seededRandom(7)
    for (let q = 0; q < 5; q++) {
      const query = Float32Array.from({ length: DIMENSIONS }, () => next() * 2 - 1)
      const options = { limit: 10, embedder: 'test-v1', collectionIds: q % 2 ? ['c1'] : undefined }
      const answer = await stepped.search(query, options, exact)
      expect(answer).toHaveLength(10)
      expect(answer).toEqual(await whole.search(query, options, exact))
    }
  })

  it('refuses a code out of range in its last step and an id repeated, as fromBytes does', async () => {
    const bytes = built().index.toBytes()
    const codesAt = VECTOR_ROWS_HEADER_BYTES + ROWS * 24
    const minCode = bytes.slice()
    new Int8Array(minCode.buffer)[codesAt + (ROWS - 1) * codeStride(DIMENSIONS)] = -128 // the last row's
    const none = async () => undefined
    for (const wasmFromRows of [undefined, Infinity]) {
      await expect(VectorIndex.fromBytesInSteps(minCode, none, { wasmFromRows })).rejects.toThrow(
        /a code is out of range/,
      )
    }
    // The last id made another row's (the JSON's length kept): found in the last step of ids.
    const lastId = new TextEncoder().encode(`"r${ROWS - 1}"`)
    const at = bytes.findLastIndex((_, i) => lastId.every((byte, j) => bytes[i + j] === byte))
    expect(at).toBeGreaterThan(0)
    const repeated = bytes.slice()
    repeated.set(new TextEncoder().encode(`"r${ROWS / 10 - 1}" `), at)
    expect(() => VectorIndex.fromBytes(repeated)).toThrow(/duplicate ids/)
    await expect(VectorIndex.fromBytesInSteps(repeated, none)).rejects.toThrow(/duplicate ids/)
  })
})

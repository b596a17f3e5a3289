import type { ChunkRecord } from '../../../store/ChunkRecord'
import { check, checkEqual } from '../../check'

/** Chunks equal field by field, vectors compared as numbers (a Float32Array or null on both sides). */
export function checkChunksEqual(actual: ChunkRecord[], expected: ChunkRecord[], what: string) {
  checkEqual(actual.length, expected.length, `${what}: count`)
  expected.forEach((chunk, i) => {
    const got = actual[i]
    check(got !== undefined, `${what}: chunk ${i} missing`)
    const { vector, ...rest } = chunk
    const { vector: gotVector, ...gotRest } = got
    checkEqual(gotRest, rest, `${what}: chunk ${i}`)
    check(gotVector === null ? vector === null : gotVector instanceof Float32Array, `${what}: vector type`)
    checkEqual(
      gotVector ? Array.from(gotVector) : null,
      vector ? Array.from(vector) : null,
      `${what}: vector ${i}`,
    )
  })
}

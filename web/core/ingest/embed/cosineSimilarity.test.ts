import { describe, expect, it } from 'vitest'
import { cosineSimilarity } from './cosineSimilarity'

describe('cosineSimilarity', () => {
  it('is the cosine of the angle between two vectors', () => {
    const a = Float32Array.of(1, 0, 0)
    expect(cosineSimilarity(a, Float32Array.of(2, 0, 0))).toBeCloseTo(1)
    expect(cosineSimilarity(a, Float32Array.of(0, 3, 0))).toBeCloseTo(0)
    expect(cosineSimilarity(a, Float32Array.of(-1, 0, 0))).toBeCloseTo(-1)
    expect(cosineSimilarity(Float32Array.of(1, 1), Float32Array.of(1, 0))).toBeCloseTo(Math.SQRT1_2)
  })

  it('is 0 for a zero vector rather than NaN', () => {
    expect(cosineSimilarity(new Float32Array(3), Float32Array.of(1, 2, 3))).toBe(0)
    expect(cosineSimilarity(new Float32Array(3), new Float32Array(3))).toBe(0)
  })

  it('refuses vectors of different lengths', () => {
    expect(() => cosineSimilarity(new Float32Array(3), new Float32Array(4))).toThrow(RangeError)
  })
})

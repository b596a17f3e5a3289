import { describe, expect, it } from 'vitest'
import { percentile } from './percentile'

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1)

  it('takes the nearest rank', () => {
    expect(percentile(hundred, 50)).toBe(50)
    expect(percentile(hundred, 99)).toBe(99)
    expect(percentile(hundred, 100)).toBe(100)
    expect(percentile([7], 99)).toBe(7)
  })

  it('gives the smallest value for p = 0 and NaN for no values', () => {
    expect(percentile(hundred, 0)).toBe(1)
    expect(percentile([], 50)).toBeNaN()
  })
})

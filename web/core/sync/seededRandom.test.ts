import { describe, expect, it } from 'vitest'
import { seededRandom } from './seededRandom'

describe('seededRandom', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const take = (seed: number) => Array.from({ length: 5 }, seededRandom(seed).next)
    expect(take(42)).toEqual(take(42))
    expect(take(42)).not.toEqual(take(43))
  })

  it('stays in range and covers it', () => {
    const rng = seededRandom(1)
    const seen = new Set<number>()
    for (let i = 0; i < 1000; i++) {
      const n = rng.int(2, 5)
      expect(n).toBeGreaterThanOrEqual(2)
      expect(n).toBeLessThanOrEqual(5)
      seen.add(n)
      const x = rng.next()
      expect(x >= 0 && x < 1).toBe(true)
    }
    expect([...seen].sort()).toEqual([2, 3, 4, 5])
  })

  it('shuffles without losing items and refuses to pick from nothing', () => {
    const rng = seededRandom(7)
    expect(rng.shuffle([1, 2, 3, 4]).sort()).toEqual([1, 2, 3, 4])
    expect(() => rng.pick([])).toThrow(RangeError)
  })
})

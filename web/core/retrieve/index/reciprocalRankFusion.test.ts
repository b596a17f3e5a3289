import { describe, expect, it } from 'vitest'
import { reciprocalRankFusion } from './reciprocalRankFusion'

const list = (...ids: string[]) => ids.map((id, i) => ({ id, score: 10 - i }))

describe('reciprocalRankFusion', () => {
  it('sums 1 / (k + rank) and divides by rank 1 in every list (hand-computed, k = 60)', () => {
    const fused = reciprocalRankFusion([list('x', 'y', 'z'), list('y', 'w')], { limit: 10 })
    // y: 1/62 + 1/61 = 0.0325216; x: 1/61; w: 1/62; z: 1/63; best possible: 2/61 = 0.0327869.
    expect(fused.map((hit) => hit.id)).toEqual(['y', 'x', 'w', 'z'])
    expect(fused[0]!.score).toBeCloseTo((1 / 62 + 1 / 61) / (2 / 61), 12)
    expect(fused[0]!.score).toBeCloseTo(0.991935, 6)
    expect(fused[1]!.score).toBeCloseTo(0.5, 12)
    expect(fused[2]!.score).toBeCloseTo(61 / 124, 12)
    expect(fused[3]!.score).toBeCloseTo(61 / 126, 12)
    expect(fused.map((hit) => hit.sources)).toEqual([[0, 1], [0], [1], [0]])
  })

  it('gives 1 to an id first in every list, ignores the input scores and honours k and limit', () => {
    const fused = reciprocalRankFusion(
      [
        list('a', 'b'),
        [
          { id: 'a', score: -5 },
          { id: 'b', score: 99 },
        ],
      ],
      {
        k: 0,
        limit: 1,
      },
    )
    expect(fused).toEqual([{ id: 'a', score: 1, sources: [0, 1] }])
    // k = 0: b scores (1/2 + 1/2) / (2/1) = 0.5.
    expect(reciprocalRankFusion([list('a', 'b'), list('a', 'b')], { k: 0, limit: 5 })[1]!.score).toBe(0.5)
  })

  it('counts an empty list in the maximum, uses an id’s best rank within a list, and breaks ties stably', () => {
    const fused = reciprocalRankFusion([list('a', 'b', 'a'), []], { limit: 10 })
    expect(fused.map((hit) => hit.id)).toEqual(['a', 'b'])
    expect(fused[0]!.score).toBeCloseTo(0.5, 12)
    expect(fused[1]!.score).toBeCloseTo(61 / 62 / 2, 12)
    // a and c are both rank 1 in one list: the earlier list's id comes first.
    expect(reciprocalRankFusion([list('a'), list('c')], { limit: 10 }).map((hit) => hit.id)).toEqual([
      'a',
      'c',
    ])
    expect(reciprocalRankFusion([], { limit: 10 })).toEqual([])
    expect(reciprocalRankFusion([list('a')], { limit: 0 })).toEqual([])
    expect(() => reciprocalRankFusion([list('a')], { k: -1, limit: 1 })).toThrow(RangeError)
  })
})

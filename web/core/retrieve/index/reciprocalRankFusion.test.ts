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

  it('weights lists: a vote counts its weight, and the maximum is the sum of weights / (k + 1)', () => {
    const fused = reciprocalRankFusion(
      [
        { hits: list('x', 'y'), weight: 1 },
        { hits: list('y', 'z'), weight: 0.5 },
      ],
      { limit: 10 },
    )
    // y: 1/62 + 0.5/61; x: 1/61; z: 0.5/62; best possible: 1.5/61.
    expect(fused.map((hit) => hit.id)).toEqual(['y', 'x', 'z'])
    expect(fused[0]!.score).toBeCloseTo((1 / 62 + 0.5 / 61) / (1.5 / 61), 12)
    // Found by the weight-1 list alone: at most its share, 1 / 1.5.
    expect(fused[1]!.score).toBeCloseTo(1 / 1.5, 12)
    expect(fused[2]!.score).toBeCloseTo(0.5 / 62 / (1.5 / 61), 12)
    // Weight 0 ignores a list's votes but it still names its ids.
    const muted = reciprocalRankFusion([list('a'), { hits: list('b', 'a'), weight: 0 }], { limit: 10 })
    expect(muted.map((hit) => [hit.id, hit.score])).toEqual([
      ['a', 1],
      ['b', 0],
    ])
    expect(() => reciprocalRankFusion([{ hits: list('a'), weight: -1 }], { limit: 1 })).toThrow(RangeError)
    expect(() => reciprocalRankFusion([{ hits: list('a'), weight: Number.NaN }], { limit: 1 })).toThrow(
      RangeError,
    )
  })

  it('scales score-aware votes by (score - floor) / (best - floor): a clear winner keeps its lead', () => {
    const keyword = [
      { id: 'clear', score: 10 },
      { id: 'weak', score: 2 },
    ]
    const vector = [
      { id: 'weak', score: 0.3 },
      { id: 'other', score: 0.2 },
    ]
    // Ranks only: "weak" (found by both) beats "clear" (first by far, but in one list).
    expect(reciprocalRankFusion([keyword, vector], { limit: 3 })[0]!.id).toBe('weak')
    const fused = reciprocalRankFusion(
      [
        { hits: keyword, scoreFloor: 0 },
        { hits: vector, weight: 0.5, scoreFloor: 0.1 },
      ],
      { limit: 3 },
    )
    // clear: 1/61; weak: (2/10)/62 + 0.5 * 1/61; other: 0.5 * ((0.2-0.1)/(0.3-0.1))/62.
    expect(fused.map((hit) => hit.id)).toEqual(['clear', 'weak', 'other'])
    const best = 1.5 / 61
    expect(fused[0]!.score).toBeCloseTo(1 / 61 / best, 12)
    expect(fused[1]!.score).toBeCloseTo((0.2 / 62 + 0.5 / 61) / best, 12)
    expect(fused[2]!.score).toBeCloseTo((0.5 * 0.5) / 62 / best, 12)
    // First everywhere with the best score in each list is still exactly 1.
    const top = reciprocalRankFusion(
      [
        { hits: keyword, scoreFloor: 0 },
        { hits: [{ id: 'clear', score: 0.9 }], weight: 0.5, scoreFloor: 0.1 },
      ],
      { limit: 1 },
    )
    expect(top).toEqual([{ id: 'clear', score: 1, sources: [0, 1] }])
  })

  it('gives a list whose best is not above the floor one whole vote, for the best, and none below it', () => {
    const fused = reciprocalRankFusion(
      [
        {
          hits: [
            { id: 'a', score: 0.1 },
            { id: 'b', score: 0.05 },
          ],
          scoreFloor: 0.1,
        },
      ],
      { limit: 5 },
    )
    expect(fused.map((hit) => [hit.id, hit.score])).toEqual([
      ['a', 1],
      ['b', 0],
    ])
    // Scores under the floor (a caller that did not filter) get no vote, never a negative one.
    const below = reciprocalRankFusion(
      [
        {
          hits: [
            { id: 'a', score: 0.5 },
            { id: 'b', score: -0.2 },
          ],
          scoreFloor: 0,
        },
      ],
      { limit: 5 },
    )
    expect(below[1]).toEqual({ id: 'b', score: 0, sources: [0] })
  })
})

import { describe, expect, it } from 'vitest'
import { relativeScoreFusion } from './relativeScoreFusion'

const list = (...scored: Array<[string, number]>) => scored.map(([id, score]) => ({ id, score }))

describe('relativeScoreFusion', () => {
  it('averages each list’s evidence over its best, weighted (hand-computed)', () => {
    const keyword = list(['clear', 10], ['weak', 2])
    const vector = list(['weak', 0.3], ['other', 0.2])
    const fused = relativeScoreFusion(
      [
        { hits: keyword, scoreFloor: 0 },
        { hits: vector, weight: 0.5, scoreFloor: 0.1 },
      ],
      { limit: 10 },
    )
    // clear: 1 / 1.5; weak: (2/10 + 0.5 × 1) / 1.5; other: 0.5 × (0.2-0.1)/(0.3-0.1) / 1.5.
    expect(fused.map(({ id }) => id)).toEqual(['clear', 'weak', 'other'])
    expect(fused[0]!.score).toBeCloseTo(1 / 1.5, 12)
    expect(fused[1]!.score).toBeCloseTo(0.7 / 1.5, 12)
    expect(fused[2]!.score).toBeCloseTo(0.25 / 1.5, 12)
  })

  it('gives 1 to the best of every list and lets agreement win when both lists are sure', () => {
    const fused = relativeScoreFusion(
      [{ hits: list(['a', 5], ['b', 4.9]) }, { hits: list(['b', 0.9], ['a', 0.2]), scoreFloor: 0.1 }],
      { limit: 10 },
    )
    // b: (0.98 + 1) / 2; a: (1 + 0.125) / 2.
    expect(fused.map(({ id }) => id)).toEqual(['b', 'a'])
    expect(fused[0]!.score).toBeCloseTo(0.99, 12)
    const top = relativeScoreFusion([{ hits: list(['a', 5]) }, { hits: list(['a', 0.9]), scoreFloor: 0.1 }], {
      limit: 1,
    })
    expect(top).toEqual([{ id: 'a', score: 1 }])
  })

  it('changes nothing for a list weighted 0: the other list’s order and relative scores stay', () => {
    const keyword = list(['a', 8], ['b', 6], ['c', 1])
    const muted = relativeScoreFusion(
      [{ hits: keyword }, { hits: list(['c', 0.9], ['d', 0.8]), weight: 0, scoreFloor: 0.1 }],
      { limit: 10 },
    )
    // Its ids still come, after every id the weighted list found, with no evidence.
    expect(muted.map(({ id, score }) => [id, score])).toEqual([
      ['a', 1],
      ['b', 0.75],
      ['c', 0.125],
      ['d', 0],
    ])
  })

  it('lets a list weighted 0 break no tie: the same answer as without it, while the others fill the limit', () => {
    // b and c tie in the keyword list; the muted list ranks c far above b, and must not reorder them.
    const keyword = list(['a', 8], ['b', 4], ['c', 4], ['d', 2])
    const muted = list(['c', 0.95], ['x', 0.9], ['b', 0.2])
    const without = relativeScoreFusion([{ hits: keyword }], { limit: 4 })
    expect(without.map(({ id }) => id)).toEqual(['a', 'b', 'c', 'd'])
    expect(
      relativeScoreFusion([{ hits: keyword }, { hits: muted, weight: 0, scoreFloor: 0.1 }], { limit: 4 }),
    ).toEqual(without)
    // Past the weighted list's ids, the muted list's own come in its order.
    expect(
      relativeScoreFusion([{ hits: keyword }, { hits: list(['y', 0.5], ['x', 0.9]), weight: 0 }], {
        limit: 10,
      }).map(({ id }) => id),
    ).toEqual(['a', 'b', 'c', 'd', 'y', 'x'])
  })

  it('counts an empty list in the total weight, an id’s first place in a list, and breaks ties stably', () => {
    const fused = relativeScoreFusion([{ hits: list(['a', 4], ['b', 2], ['a', 1]) }, { hits: [] }], {
      limit: 10,
    })
    expect(fused).toEqual([
      { id: 'a', score: 0.5 },
      { id: 'b', score: 0.25 },
    ])
    // a and c are both first in one list: the earlier list's id comes first.
    expect(relativeScoreFusion([{ hits: list(['a', 1]) }, { hits: list(['c', 1]) }], { limit: 10 })).toEqual([
      { id: 'a', score: 0.5 },
      { id: 'c', score: 0.5 },
    ])
    expect(relativeScoreFusion([], { limit: 10 })).toEqual([])
    expect(relativeScoreFusion([{ hits: list(['a', 1]) }], { limit: 0 })).toEqual([])
    expect(relativeScoreFusion([{ hits: list(['a', 1]), weight: 0 }], { limit: 5 })).toEqual([
      { id: 'a', score: 0 },
    ])
  })

  it('gives a list whose best is not above the floor one whole vote, for the best, and none below it', () => {
    const fused = relativeScoreFusion([{ hits: list(['a', 0.1], ['b', 0.05]), scoreFloor: 0.1 }], {
      limit: 5,
    })
    expect(fused).toEqual([
      { id: 'a', score: 1 },
      { id: 'b', score: 0 },
    ])
    // Scores under the floor (a caller that did not filter) get no evidence, never a negative one.
    const below = relativeScoreFusion([{ hits: list(['a', 0.5], ['b', -0.2]), scoreFloor: 0 }], { limit: 5 })
    expect(below[1]).toEqual({ id: 'b', score: 0 })
  })

  it('refuses a negative or non-finite weight', () => {
    expect(() => relativeScoreFusion([{ hits: list(['a', 1]), weight: -1 }], { limit: 1 })).toThrow(
      RangeError,
    )
    expect(() => relativeScoreFusion([{ hits: list(['a', 1]), weight: Number.NaN }], { limit: 1 })).toThrow(
      RangeError,
    )
    expect(() => relativeScoreFusion([{ hits: list(['a', 1]), weight: Infinity }], { limit: 1 })).toThrow(
      RangeError,
    )
  })
})

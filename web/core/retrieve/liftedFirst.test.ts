import { describe, expect, it } from 'vitest'
import { liftedFirst } from './liftedFirst'

describe('liftedFirst', () => {
  const found = [
    { id: 'a', score: 2 },
    { id: 'b', score: 1.5 },
    { id: 'c', score: 1 },
    { id: 'd', score: 0.5 },
  ]

  it('puts the lifted items first, in the order given, scored above the best and in that order', () => {
    const out = liftedFirst(found, [found[3]!, found[2]!])
    expect(out.map(({ id }) => id)).toEqual(['d', 'c', 'a', 'b'])
    expect(out[0]!.score).toBeGreaterThan(out[1]!.score)
    expect(out[1]!.score).toBeGreaterThan(2)
    expect(out.slice(2)).toEqual([found[0], found[1]])
  })

  it('lifts above a negative best score too', () => {
    const negative = [
      { id: 'a', score: -1 },
      { id: 'b', score: -3 },
    ]
    const out = liftedFirst(negative, [negative[1]!])
    expect(out.map(({ id }) => id)).toEqual(['b', 'a'])
    expect(out[0]!.score).toBeGreaterThan(-1)
  })

  it('keeps the order and scores when nothing is lifted', () => {
    expect(liftedFirst(found, [])).toEqual(found)
  })
})

import { describe, expect, it } from 'vitest'
import { liftByPage, PAGE_LIFT, placeOfPassage } from './liftByPage'

const placeOf = ({ id }: { id: string }) => (id.includes('#') ? id.slice(0, id.indexOf('.')) : null)
const hit = (id: string, score: number) => ({ id, score })

describe('liftByPage', () => {
  it('puts a page with two good passages above a lone passage that scored a little higher', () => {
    // The lone passage of page 7 leads on its own words; page 3 has two passages nearly as good.
    const ranked = [hit('A#7.1', 0.9), hit('A#3.1', 0.8), hit('A#3.2', 0.7), hit('B#1.1', 0.5)]
    const lifted = liftByPage(ranked, placeOf)
    expect(lifted.map(({ id }) => id)).toEqual(['A#3.1', 'A#3.2', 'A#7.1', 'B#1.1'])
    const third = 1 + PAGE_LIFT
    expect(lifted[0]!.score).toBeCloseTo((0.8 + PAGE_LIFT * 0.7) / third)
    expect(lifted[1]!.score).toBeCloseTo((0.7 + PAGE_LIFT * 0.8) / third)
    expect(lifted[2]!.score).toBeCloseTo(0.9 / third)
  })

  it('counts only the best other passage of a page, so many weak matches do not outweigh two strong ones', () => {
    const index = ['C#2.1', 'C#2.2', 'C#2.3', 'C#2.4', 'C#2.5'].map((id) => hit(id, 0.3))
    const ranked = [hit('D#5.1', 0.6), hit('D#5.2', 0.5), ...index]
    expect(liftByPage(ranked, placeOf)[0]!.id).toBe('D#5.1')
  })

  it('keeps the order, and scores in [0, 1], where no place has two passages', () => {
    const ranked = [hit('notes-1', 1), hit('A#1.1', 0.8), hit('notes-2', 0.4), hit('B#1.1', 0.4)]
    const lifted = liftByPage(ranked, placeOf)
    expect(lifted.map(({ id }) => id)).toEqual(['notes-1', 'A#1.1', 'notes-2', 'B#1.1'])
    expect(lifted.every(({ score }) => score >= 0 && score <= 1)).toBe(true)
    expect(liftByPage([], placeOf)).toEqual([])
  })

  it('gives two passages of equal score on one page each the other as evidence', () => {
    const lifted = liftByPage([hit('A#1.1', 0.6), hit('A#1.2', 0.6), hit('B#1.1', 0.8)], placeOf)
    expect(lifted.map(({ id }) => id)).toEqual(['A#1.1', 'A#1.2', 'B#1.1'])
    expect(lifted[0]!.score).toBeCloseTo(0.6)
  })
})

describe('placeOfPassage', () => {
  it('is the page of a paged document, and none for a passage without a page', () => {
    expect(placeOfPassage({ document_id: 'd', page: 4 })).toBe('d#4')
    expect(placeOfPassage({ document_id: 'd', page: null })).toBeNull()
    // The same page number of two documents is two places.
    expect(placeOfPassage({ document_id: 'e', page: 4 })).not.toBe(
      placeOfPassage({ document_id: 'd', page: 4 }),
    )
  })
})

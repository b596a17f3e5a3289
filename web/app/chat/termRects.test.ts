import { describe, expect, it } from 'vitest'
import { termRects } from './termRects'

describe('termRects', () => {
  // A viewport at scale 2 that flips y, as pdf.js makes for a 100pt-high page.
  const viewport = [2, 0, 0, -2, 0, 200]

  it('boxes each occurrence as its share of the item, whatever the case', () => {
    const items = [
      { str: 'Revenue and revenue', transform: [10, 0, 0, 10, 5, 90], width: 95 },
      { str: 'Costs', transform: [10, 0, 0, 10, 5, 70], width: 25 },
      { type: 'beginMarkedContent' },
    ]
    const rects = termRects(items, viewport, 'REVENUE')
    expect(rects).toHaveLength(2)
    // The item spans 190 px from x = 10; "revenue" is 7 of its 19 characters.
    expect(rects[0]).toMatchObject({ x: 10, y: 0, width: 70 })
    expect(rects[1]?.x).toBeCloseTo(10 + (190 * 12) / 19)
  })

  it('marks nothing for an empty term', () => {
    expect(termRects([{ str: 'a', transform: [1, 0, 0, 1, 0, 0], width: 5 }], viewport, '  ')).toEqual([])
  })
})

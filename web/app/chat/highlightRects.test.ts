import { describe, expect, it } from 'vitest'
import { highlightRects } from './highlightRects'

describe('highlightRects', () => {
  // A viewport at scale 2 that flips y, as pdf.js makes for a 100pt-high page.
  const viewport = [2, 0, 0, -2, 0, 200]

  it('boxes the items that occur in the passage, in viewport pixels', () => {
    const items = [
      { str: 'The spring tide rose', transform: [10, 0, 0, 10, 5, 90], width: 50 },
      { str: 'Unrelated footer', transform: [10, 0, 0, 10, 5, 10], width: 40 },
      { type: 'beginMarkedContent' },
    ]
    const rects = highlightRects(items, viewport, 'Notes.\nThe  spring tide rose on Monday.')
    expect(rects).toHaveLength(1)
    expect(rects[0]).toMatchObject({ x: 10, y: 0, width: 100 })
  })

  it('ignores very short items that would match any passage', () => {
    expect(
      highlightRects([{ str: 'of', transform: [1, 0, 0, 1, 0, 0], width: 5 }], viewport, 'of course'),
    ).toEqual([])
  })

  describe('narrowed to what the answer quotes', () => {
    // A table of three rows, two cells each: the passage holds all of it.
    const row = (label: string, value: string, y: number) => [
      { str: label, transform: [10, 0, 0, 10, 5, y], width: 40 },
      { str: value, transform: [10, 0, 0, 10, 60, y], width: 20 },
    ]
    const table = [
      ...row('Net revenue', '79,474', 90),
      ...row('Operating profit', '11,162', 80),
      ...row('Net income', '7,618', 70),
    ]
    const passage = 'Net revenue 79,474\nOperating profit 11,162\nNet income 7,618'

    it('marks only the row the answer read', () => {
      const rects = highlightRects(table, viewport, passage, 'Operating profit was 11,162 in 2021.')
      expect(rects).toHaveLength(2)
      expect(new Set(rects.map((rect) => rect.y))).toEqual(new Set([20]))
    })

    it('leaves out a header the sentence names too, which holds fewer of its words than the row', () => {
      const items = [
        { str: 'Twelve months 2021', transform: [10, 0, 0, 10, 5, 100], width: 80 },
        { str: 'Operating profit', transform: [10, 0, 0, 10, 5, 80], width: 40 },
        { str: '11,162 10,080 10.7%', transform: [10, 0, 0, 10, 60, 80], width: 60 },
        { str: 'Net income 7,618', transform: [10, 0, 0, 10, 5, 70], width: 60 },
      ]
      const rects = highlightRects(
        items,
        viewport,
        'Twelve months 2021\nOperating profit 11,162 10,080 10.7%\nNet income 7,618',
        'Twelve months 2021: operating profit 11,162 10,080 10.7%.',
      )
      expect(new Set(rects.map((rect) => rect.y))).toEqual(new Set([20]))
    })

    it('keeps the whole passage when the answer quotes no line of it', () => {
      expect(highlightRects(table, viewport, passage, 'The company grew.')).toHaveLength(6)
    })
  })
})

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
})

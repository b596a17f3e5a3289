import { describe, expect, it } from 'vitest'
import { itemBlocks } from './itemBlocks'
import type { SlideItem } from './slideItems'

const text = (type: number, value: string): SlideItem => ({ kind: 'text', type, text: value })
const headings = (items: SlideItem[], page: number) =>
  itemBlocks(items, [], page).blocks.map((block) => block.headingPath?.[0])

describe('itemBlocks', () => {
  it("takes a freehand slide's title from its one single-paragraph text box", () => {
    const items = [
      text(1, 'hard to search\rdifficult to add or edit content'),
      text(4, 'Problems with Static Content'),
      text(0, ''),
    ]
    const slide = itemBlocks(items, [], 3)
    expect(slide.blocks.map((block) => [block.kind, block.text, block.headingPath?.[0]])).toEqual([
      ['slide', 'Problems with Static Content', 'Problems with Static Content'],
      ['list', 'hard to search\ndifficult to add or edit content', 'Problems with Static Content'],
    ])
    // Only a placeholder names the deck.
    expect(slide.title).toBeUndefined()
  })

  it('keeps "Slide N" for a footer link, a diagram\'s labels and the title slide', () => {
    const body = text(1, 'Revolutionary disruption\rLocal ownership')
    expect(headings([body, text(4, 'www.cleandevelopmentalliance.org')], 3)[0]).toBe('Slide 3')
    expect(headings([text(4, 'Preparation'), text(4, 'Structuring'), text(4, 'Financing')], 4)[0]).toBe(
      'Slide 4',
    )
    expect(
      headings([text(1, 'Using a Wiki in a Web 2.0 Company'), text(4, 'Managing HR Projects')], 1)[0],
    ).toBe('Slide 1')
  })

  it('prefers a title placeholder to any text box', () => {
    expect(headings([text(4, 'Courtesy Dr. Walter'), text(0, 'The GPS Constellation')], 5)[0]).toBe(
      'The GPS Constellation',
    )
  })
})

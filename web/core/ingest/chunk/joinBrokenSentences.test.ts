import { describe, expect, it } from 'vitest'
import type { Block } from '../DocumentModel'
import { joinBrokenSentences } from './joinBrokenSentences'

const paragraph = (text: string, page: number, headingPath: string[] = []): Block => ({
  kind: 'paragraph',
  text,
  page,
  headingPath,
})

describe('joinBrokenSentences', () => {
  it('moves the tail of a sentence a page break cut back onto its first page', () => {
    const blocks = joinBrokenSentences([
      paragraph('Our customers include marketers, advertisers, agencies, publishers,', 4),
      paragraph('merchandisers and analysts. Our products serve them all.', 5),
    ])
    expect(blocks).toEqual([
      paragraph(
        'Our customers include marketers, advertisers, agencies, publishers, merchandisers and analysts.',
        4,
      ),
      paragraph('Our products serve them all.', 5),
    ])
  })

  it('joins a word broken at the page end, keeping a hyphen before a capital', () => {
    const [lion] = joinBrokenSentences([
      paragraph('The airplane crashed after takeoff from Soekarno-', 1),
      paragraph('Hatta International Airport, resulting in 189 fatalities. Then the fleet was grounded.', 2),
    ])
    expect(lion!.text).toBe(
      'The airplane crashed after takeoff from Soekarno-Hatta International Airport, resulting in 189 fatalities.',
    )
    const [word, rest] = joinBrokenSentences([paragraph('The infor-', 1), paragraph('mation is public.', 2)])
    expect(word!.text).toBe('The information is public.')
    expect(rest).toBeUndefined()
  })

  it('leaves a finished sentence, a new sentence, another section and a page not next alone', () => {
    const cases: Block[][] = [
      [paragraph('The page ends here.', 1), paragraph('and something else.', 2)],
      [paragraph('A heading-like line', 1), paragraph('Capitalised text starts anew.', 2)],
      [paragraph('It goes on', 1, ['Part A']), paragraph('in another part.', 2, ['Part B'])],
      [paragraph('It goes on', 1), paragraph('three pages later.', 4)],
      [{ kind: 'table', text: 'a | b', page: 1, headingPath: [] }, paragraph('lower case.', 2)],
    ]
    for (const blocks of cases) expect(joinBrokenSentences(blocks)).toEqual(blocks)
  })
})

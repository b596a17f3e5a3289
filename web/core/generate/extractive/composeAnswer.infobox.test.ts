import { describe, expect, it } from 'vitest'
import { answerSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'

/** An encyclopedia page's infobox as a saved page's chunk holds it: the name, then its rows of two cells. */
const ORCHARD = answerSource(
  1,
  [
    'Harbourside Cider',
    '',
    'Industry | Beverages',
    'Founded | April 3, 1987; 30 years ago',
    'Founder | Margaret Ellery Holdings',
    'Products | Dry cider, perry',
  ].join('\n'),
  { filename: 'harbourside-cider.html', heading: 'Harbourside Cider' },
)
/** The page's section on its cellar door: the word asked about, said of the cider maker's volunteers. */
const CELLAR = answerSource(
  5,
  'Cellar door\n\nVolunteers at the cellar door help with tastings, marketing and tours.',
  { filename: 'harbourside-cider.html', heading: 'Harbourside Cider > Cellar door' },
)
/** A talk on marketing in another document: the word asked about in every slide, and no founder of it. */
const TALK = [
  ['Why marketing?', 'Marketing puts the customer at the centre of what a business makes.'],
  ['Marketing mix', 'Product, price, place and promotion make up the marketing mix.'],
  ['A marketing problem', 'Reports compete for attention: marketing helps them cut through.'],
].map(([title, text], i) =>
  answerSource(i + 2, `${title}\n\n${text}`, {
    filename: 'marketing-talk.pptx',
    heading: title,
    page: i + 2,
  }),
)

describe("composeAnswer on an infobox's rows", () => {
  it('answers who founded it with the row naming its founder, not the row dating its founding', () => {
    expect(composedAnswer('who founded harbourside cider', [ORCHARD, CELLAR, ...TALK]).text).toBe(
      'Founder | Margaret Ellery Holdings (Industry, Beverages) [1]',
    )
  })

  it("refuses who founded a thing the founder's passage does not name", () => {
    const reply = composedAnswer('who founded marketing', [ORCHARD, CELLAR, ...TALK])
    expect(reply.kind).toBe('none')
    expect(reply.text).toMatch(/^The documents do not say who founded marketing\./u)
  })
})

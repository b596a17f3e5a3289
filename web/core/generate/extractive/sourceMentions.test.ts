import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { answerSource } from '../../testing/answerSource'
import { sourceMentions } from './sourceMentions'

const source = (number: number, text: string, filename: string): AnswerSource =>
  answerSource(number, text, { filename, page: 1 })

describe('sourceMentions', () => {
  const sources = [
    source(1, 'Cost of revenue rose as our costs of services grew.', 'ACME_2022_10K.pdf'),
    source(2, 'PepsiCo net revenue grew in 2021.', 'PEPSICO_2021_10K.pdf'),
  ]

  it('names a name by a longer word that extends it ("Pepsi" by "PepsiCo")', () => {
    const mentions = sourceMentions(sources, understandQuestion('Pepsi revenue 2021'))
    expect(mentions(2, 'pepsi')).toBe(true)
  })

  it('names a word glued into its file name with others ("capstone" in "ececapstonespring2015.pptx")', () => {
    const deck = [source(1, 'GreenWatch: An Autonomous Greenhouse Monitor', 'ececapstonespring2015.pptx')]
    const mentions = sourceMentions(deck, understandQuestion('when was the capstone'))
    expect(mentions(1, 'capstone')).toBe(true)
    // A short word is inside too many by chance: "spring" is six letters, "ring" is not enough.
    expect(mentions(1, 'ring')).toBe(false)
  })

  it('names "percent" by a percentage printed with its sign, not by any number', () => {
    const slides = [
      source(1, '65% of Commits were Floss Refactoring', 'how-we-refactor.pptx'),
      source(2, '17 Randomly Selected Commits', 'how-we-refactor.pptx'),
    ]
    const mentions = sourceMentions(
      slides,
      understandQuestion('what percent of commits were floss refactoring'),
    )
    expect(mentions(1, 'percent')).toBe(true)
    expect(mentions(1, 'percentage')).toBe(true)
    expect(mentions(2, 'percent')).toBe(false)
  })

  it('does not name a name by a shorter word it extends ("Costco" is not "cost")', () => {
    const mentions = sourceMentions(sources, understandQuestion('Costco membership fee revenue FY2022'))
    expect(mentions(1, 'costco')).toBe(false)
    // A word that is not a name keeps both directions: "costs" is a form of "cost".
    expect(mentions(1, 'costing')).toBe(true)
  })

  it('names a short word typed in lower case by a name whose initials spell it, not by any run of words', () => {
    const agenda = [
      source(1, 'Welcome to the meeting of the Cupertino Union School District Board.', 'agenda.pdf'),
      source(2, 'Each user sends data to the server.', 'notes.md'),
    ]
    const mentions = sourceMentions(agenda, understandQuestion('who chairs the cupertino usd board'))
    expect(mentions(1, 'usd')).toBe(true)
    // "user sends data" has the initials, printed in lower case: no name.
    expect(mentions(2, 'usd')).toBe(false)
  })

  it('names a word by the noun its stem makes ("paying" by "Payment method"), not by any longer word', () => {
    const label = [source(1, 'Payment method: Direct Debit. Estimated annual cost: £1972.', 'tariff.pdf')]
    const mentions = sourceMentions(label, understandQuestion('yearly cost paying by direct debit'))
    expect(mentions(1, 'paying')).toBe(true)
    // A longer word of the same letters by any other ending is another word: "carton" is no "car".
    const boxes = [source(1, 'Each carton holds twelve bottles.', 'packing.pdf')]
    expect(sourceMentions(boxes, understandQuestion('car parking'))(1, 'car')).toBe(false)
  })

  it('names a maximum or a limit by a bound from above, a minimum by one from below, and clipped units', () => {
    const ordinance = [
      source(1, 'An ADU shall not exceed 1,200 square feet.', 'ordinance.docx'),
      source(2, 'A junior unit is no more than 500 square feet in size.', 'ordinance.docx'),
      source(3, 'Each lot shall provide at least one parking space.', 'ordinance.docx'),
      source(4, 'The unit exceeded our expectations.', 'review.docx'),
    ]
    const mentions = sourceMentions(ordinance, understandQuestion('whats the max sq ft for an adu'))
    expect(mentions(1, 'max')).toBe(true)
    expect(mentions(2, 'limit')).toBe(true)
    expect(mentions(3, 'minimum')).toBe(true)
    expect(mentions(1, 'sq')).toBe(true)
    expect(mentions(1, 'ft')).toBe(true)
    // A bound is said as one: "exceeded our expectations" bounds nothing, and a lower bound is no maximum.
    expect(mentions(4, 'max')).toBe(false)
    expect(mentions(3, 'max')).toBe(false)
    expect(mentions(1, 'minimum')).toBe(false)
  })
})

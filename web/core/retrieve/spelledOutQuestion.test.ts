import { describe, expect, it } from 'vitest'
import { spelledOutQuestion } from './spelledOutQuestion'
import { understandQuestion } from './understandQuestion'

describe('spelledOutQuestion', () => {
  it('writes an acronym out as a found passage spells it, for a search by the words filings use', () => {
    const pool = ['Acme sells anvils.', 'Certification of Chief Executive Officer of Acme']
    const question = 'Who is the CEO of Acme?'
    expect(spelledOutQuestion(question, pool, understandQuestion(question))).toBe(
      'Who is the chief executive officer of Acme?',
    )
  })

  it('leaves an acronym a passage prints as typed, or one no passage spells out (a ticker)', () => {
    const printed = ['Our CEO, Jane Roe, founded Acme. Chief Executive Officer']
    expect(
      spelledOutQuestion('Who is the CEO of Acme?', printed, understandQuestion('Who is the CEO of Acme?')),
    ).toBeNull()
    const ticker = ['Acme Corporation trades on the exchange.']
    expect(
      spelledOutQuestion('ACMX revenue 2022', ticker, understandQuestion('ACMX revenue 2022')),
    ).toBeNull()
  })

  it('writes an acronym out as the collection defines it when no found passage spells it', () => {
    const pool = ['Acme Amsterdam B.V. Acme Argentina S.R.L.']
    const question = 'Who is the CEO of Acme?'
    const defined = [{ short: 'CEO', long: 'Chief Executive Officer' }]
    expect(spelledOutQuestion(question, pool, understandQuestion(question, defined))).toBe(
      'Who is the chief executive officer of Acme?',
    )
  })

  it('does not take one-letter words for a spelling', () => {
    const pool = ['J.P. Morgan Securities LLC is a subsidiary of JPMorgan Chase & Co.']
    const question = "Which of JPM's segments earned most?"
    expect(spelledOutQuestion(question, pool, understandQuestion(question))).toBeNull()
  })
})

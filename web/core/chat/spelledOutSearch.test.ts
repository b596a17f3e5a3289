import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../retrieve/understandQuestion'
import type { SourceDocument } from './SourceDocument'
import { spelledOutQuestion } from './spelledOutSearch'

function passage(number: number, content: string): SourceDocument {
  return {
    number,
    document_id: 'd',
    chunk_id: `c${number}`,
    content,
    score: 1,
    filename: 'ACME.pdf',
    page: number,
    heading: null,
  }
}

describe('spelledOutQuestion', () => {
  it('writes an acronym out as a found passage spells it, for a search by the words filings use', () => {
    const pool = [
      passage(1, 'Acme sells anvils.'),
      passage(2, 'Certification of Chief Executive Officer of Acme'),
    ]
    const question = 'Who is the CEO of Acme?'
    expect(spelledOutQuestion(question, pool, understandQuestion(question))).toBe(
      'Who is the chief executive officer of Acme?',
    )
  })

  it('leaves an acronym a passage prints as typed, or one no passage spells out (a ticker)', () => {
    const printed = [passage(1, 'Our CEO, Jane Roe, founded Acme. Chief Executive Officer')]
    expect(
      spelledOutQuestion('Who is the CEO of Acme?', printed, understandQuestion('Who is the CEO of Acme?')),
    ).toBeNull()
    const ticker = [passage(1, 'Acme Corporation trades on the exchange.')]
    expect(
      spelledOutQuestion('ACMX revenue 2022', ticker, understandQuestion('ACMX revenue 2022')),
    ).toBeNull()
  })

  it('writes an acronym out as the collection defines it when no found passage spells it', () => {
    const pool = [passage(1, 'Acme Amsterdam B.V. Acme Argentina S.R.L.')]
    const question = 'Who is the CEO of Acme?'
    const defined = [{ short: 'CEO', long: 'Chief Executive Officer' }]
    expect(spelledOutQuestion(question, pool, understandQuestion(question, defined))).toBe(
      'Who is the chief executive officer of Acme?',
    )
  })
})

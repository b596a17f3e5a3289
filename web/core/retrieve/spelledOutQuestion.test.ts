import { describe, expect, it } from 'vitest'
import { spelledOutQuestion } from './spelledOutQuestion'
import { understandQuestion } from './understandQuestion'

describe('spelledOutQuestion', () => {
  it('writes an acronym out as a found passage spells it, for a search by the words filings use', () => {
    const pool = ['Acme sells anvils.', 'Certification of Chief Executive Officer of Acme']
    const question = 'Who is the CEO of Acme?'
    expect(spelledOutQuestion(question, pool, understandQuestion(question), [])).toBe(
      'Who is the chief executive officer of Acme?',
    )
  })

  it('leaves an acronym a passage prints as typed, or one no passage spells out (a ticker)', () => {
    const printed = ['Our CEO, Jane Roe, founded Acme. Chief Executive Officer']
    expect(
      spelledOutQuestion(
        'Who is the CEO of Acme?',
        printed,
        understandQuestion('Who is the CEO of Acme?'),
        [],
      ),
    ).toBeNull()
    const ticker = ['Acme Corporation trades on the exchange.']
    expect(
      spelledOutQuestion('ACMX revenue 2022', ticker, understandQuestion('ACMX revenue 2022'), []),
    ).toBeNull()
  })

  it('writes an acronym out as the collection defines it when no found passage spells it', () => {
    const pool = ['Acme Amsterdam B.V. Acme Argentina S.R.L.']
    const question = 'Who is the CEO of Acme?'
    const defined = [{ short: 'CEO', long: 'Chief Executive Officer' }]
    expect(spelledOutQuestion(question, pool, understandQuestion(question, defined), [])).toBe(
      'Who is the chief executive officer of Acme?',
    )
  })

  it('searches the long form beside an acronym that only its definition prints', () => {
    const definitions =
      '"Accessory dwelling unit" or "ADU" means a dwelling unit on a lot with a primary residence.'
    const rentals = 'An accessory dwelling unit may not be rented for periods of less than 30 days.'
    const question = 'how big can an adu be'
    const understanding = understandQuestion(question, [{ short: 'ADU', long: 'Accessory dwelling unit' }])
    expect(spelledOutQuestion(question, [definitions, rentals], understanding, [])).toBe(
      'how big can an adu be Accessory dwelling unit',
    )
    // Where a passage uses it, the passages print it as the question does: nothing is added.
    const used = 'An ADU may not be rented for periods of less than 30 days.'
    expect(spelledOutQuestion(question, [definitions, used], understanding, [])).toBeNull()
  })

  it('does not take one-letter words for a spelling', () => {
    const pool = ['J.P. Morgan Securities LLC is a subsidiary of JPMorgan Chase & Co.']
    const question = "Which of JPM's segments earned most?"
    expect(spelledOutQuestion(question, pool, understandQuestion(question), [])).toBeNull()
  })

  it('spells a word typed in lower case only as the documents found define it', () => {
    const vegas = { short: 'VS', long: 'Las Vegas Strip' }
    const question = 'Acme sales 2023 vs 2022'
    const elsewhere = understandQuestion(question, [vegas])
    expect(elsewhere.acronyms).toContain('vs')
    expect(spelledOutQuestion(question, ['Acme sales rose.'], elsewhere, [])).toBeNull()
    const ceo = { short: 'CEO', long: 'Chief Executive Officer' }
    const typed = "who is acme's ceo"
    expect(spelledOutQuestion(typed, ['Acme sells anvils.'], understandQuestion(typed, [ceo]), [ceo])).toBe(
      "who is acme's chief executive officer",
    )
  })

  it('leaves an ampersand name whole, and a question that spells its acronym itself', () => {
    const ppe = 'What was Acme PP&E in 2022?'
    const defined = [{ short: 'PP', long: 'Patient Protection' }]
    expect(
      spelledOutQuestion(ppe, ['Acme sells anvils.'], understandQuestion(ppe, defined), defined),
    ).toBeNull()
    const dpo = 'What is Acme days payable outstanding (DPO)?'
    const spelled = [{ short: 'DPO', long: 'Daily Purchase Order' }]
    expect(
      spelledOutQuestion(dpo, ['Acme sells anvils.'], understandQuestion(dpo, spelled), spelled),
    ).toBeNull()
  })

  it('adds the long form the collection defines when asked what an acronym stands for and no passage defines it', () => {
    const defined = [{ short: 'IKWG', long: 'International Ki67 in Breast Cancer Working Group' }]
    const question = 'what does IKWG stand for'
    const using = ['A free app developed by the IKWG is available.', 'As per IKWG, count all cells.']
    expect(spelledOutQuestion(question, using, understandQuestion(question, defined), [])).toBe(
      'what does IKWG stand for international ki67 breast cancer working group',
    )
    // A passage that defines it is there already; a question about its value is not about its spelling.
    const defining = [...using, 'The International Ki67 in Breast Cancer Working Group (IKWG) met.']
    expect(spelledOutQuestion(question, defining, understandQuestion(question, defined), [])).toBeNull()
    const value = 'what did the IKWG recommend'
    expect(spelledOutQuestion(value, using, understandQuestion(value, defined), [])).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { definedTerms } from './definedTerms'
import { repeatedTitles } from './repeatedTitles'

const FILING =
  'Certification of Chief Financial Officer. I, Mia Cruz, certify. ' +
  'Our Chief Financial Officer signs. The Chief Financial Officer and the Chief Executive Officer (CEO) ' +
  'concluded. Mia Cruz, Chief Financial Officer. The Chief Executive Officer spoke. ' +
  'The Chief Executive Officer and the Chief Executive Officer agreed. Cash Flow rose.'

describe('repeatedTitles', () => {
  it('takes a capitalised phrase the text repeats for its initials', () => {
    expect(repeatedTitles(FILING, [])).toContainEqual({ short: 'CFO', long: 'Chief Financial Officer' })
  })

  it('leaves initials the text defines, and phrases said fewer than three times', () => {
    const titles = repeatedTitles(FILING, [{ short: 'CEO', long: 'Chief Executive Officer' }])
    expect(titles.map(({ short }) => short)).not.toContain('CEO')
    expect(titles.map(({ short }) => short)).not.toContain('MC')
  })

  it('joins the terms a document defines, after those it defines in a parenthesis', () => {
    const terms = definedTerms(FILING)
    expect(terms[0]).toEqual({ short: 'CEO', long: 'Chief Executive Officer' })
    expect(terms).toContainEqual({ short: 'CFO', long: 'Chief Financial Officer' })
  })
})

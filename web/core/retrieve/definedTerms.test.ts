import { describe, expect, it } from 'vitest'
import { definedTerms } from './definedTerms'

describe('definedTerms', () => {
  it('learns acronyms after their long form, letters in order', () => {
    const text =
      'Our Chief Executive Officer (CEO) reports to the Board. American Express (Amex) issues cards. ' +
      'Earnings before interest and taxes (EBIT) rose.'
    expect(definedTerms(text)).toEqual([
      { short: 'CEO', long: 'Chief Executive Officer' },
      { short: 'Amex', long: 'American Express' },
      { short: 'EBIT', long: 'Earnings before interest and taxes' },
    ])
  })

  it('learns quoted names a text gives itself', () => {
    const text = 'Johnson & Johnson (the "Company" or "J&J") and Acme Ltd. (the “Supplier”) agree.'
    expect(definedTerms(text)).toEqual([
      { short: 'Company', long: 'Johnson & Johnson' },
      { short: 'J&J', long: 'Johnson & Johnson' },
      { short: 'Supplier', long: 'Acme Ltd.' },
    ])
  })

  it('takes no ordinary parenthesis for a definition', () => {
    expect(
      definedTerms('Revenue rose (see Note 7) by 5 percent (2021: 3 percent) in Europe (EMEA).'),
    ).toEqual([])
  })
})

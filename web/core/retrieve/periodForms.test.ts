import { describe, expect, it } from 'vitest'
import { searchTerms } from './index/tokenize'
import { periodForms, withPeriodForms } from './periodForms'

describe('periodForms', () => {
  it('writes fiscal years with two digits as four', () => {
    expect(periodForms('Did it grow between FY20 and FY21?')).toEqual(['2020', '2021'])
    expect(periodForms("fiscal year 2019 and fiscal '22")).toEqual(['2019', '2022'])
  })

  it('reads quarters in every way questions write them, as documents print them', () => {
    for (const written of ['Q2 2023', "Q2'23", 'Q22023', 'Q2-2023', '2Q23', 'Q2 of FY2023']) {
      expect(periodForms(`revenue in ${written}`)).toEqual(
        expect.arrayContaining(['Q2', 'second quarter', '2023']),
      )
    }
    expect(periodForms('the second fiscal quarter of 2023')).toEqual(expect.arrayContaining(['Q2', '2023']))
    expect(periodForms('in Q4')).toEqual(['Q4', 'fourth quarter'])
  })

  it('finds nothing where the question names no period', () => {
    expect(periodForms('What industry does the company operate in?')).toEqual([])
    expect(periodForms('Quarterly figures for Q5 and FYI')).toEqual([])
  })
})

describe('withPeriodForms', () => {
  it('adds only the forms whose words the question lacks', () => {
    expect(withPeriodForms('Growth from FY20 to FY21', searchTerms)).toBe(
      'Growth from FY20 to FY21 2020 2021',
    )
    // "FY2022" already holds 2022 (the tokenizer adds its digits).
    expect(withPeriodForms('Margin in FY2022', searchTerms)).toBe('Margin in FY2022')
    expect(withPeriodForms('no period here', searchTerms)).toBe('no period here')
  })
})

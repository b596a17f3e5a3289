import { describe, expect, it } from 'vitest'
import { questionPeriods } from './questionPeriods'

const years = (question: string) => questionPeriods(question).map(({ year, quarter }) => [year, quarter])

describe('questionPeriods', () => {
  it('reads fiscal years, quarters and periods ended a date in one grammar', () => {
    expect(years('revenue FY22')).toEqual([['2022', null]])
    expect(years('fiscal 2021 capex')).toEqual([['2021', null]])
    expect(years('net income for the year ended December 31, 2022')).toEqual([['2022', null]])
    expect(years('three months ended June 30, 2023')).toEqual([['2023', null]])
    expect(years('EPS in Q2 2023')).toEqual([['2023', 2]])
    expect(years('the second quarter of fiscal 2024')).toEqual([['2024', 2]])
    expect(years('sales in Q4')).toEqual([[null, 4]])
    expect(years('best buy revenue Q2 fiscal 2024')).toEqual([['2024', 2]])
    expect(years('revenue Q3 FY23')).toEqual([['2023', 3]])
    expect(years('growth from 2020 to 2021')).toEqual([
      ['2020', null],
      ['2021', null],
    ])
  })

  it('reads a date typed in figures as its year, its day and month as words of the period', () => {
    expect(years('iowa ethanol price for the week ending 2/24/17')).toEqual([['2017', null]])
    expect(questionPeriods('balance on 12/31/2022')[0]!.words).toEqual(['12', '31'])
    expect(years('sales on 2021-03-04')).toEqual([['2021', null]])
    // A version's numbers are no date.
    expect(years('what changed in python 3.10.12')).toEqual([])
  })

  it("counts a period's own words as period, not content", () => {
    expect(questionPeriods('year ended December 31, 2022')[0]!.words).toEqual([
      'year',
      'ended',
      'december',
      '31',
    ])
    expect(questionPeriods('What is nothing here?')).toEqual([])
  })

  it('reads "last year" as the latest year a document reports, only when no year is named', () => {
    expect(questionPeriods('how much did Acme spend on capex last year')).toEqual([
      { year: null, quarter: null, words: ['last', 'year'], latest: true },
    ])
    expect(questionPeriods("Acme's revenue in the most recent fiscal year")[0]?.latest).toBe(true)
    expect(years('revenue last year versus 2020')).toEqual([['2020', null]])
    expect(questionPeriods('Acme revenue')).toEqual([])
  })
})

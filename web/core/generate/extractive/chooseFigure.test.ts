import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { answerSource } from '../../testing/answerSource'
import { chooseFigure } from './chooseFigure'
import { tableFigures } from './tableFigures'

const source = (number: number, text: string, filename = 'ACME_2022_10K.pdf'): AnswerSource =>
  answerSource(number, text, { document_id: 'd', filename, page: number })

/** The cell chosen for `question` from the tables of `texts`, as "label | header | value | unit". */
function chosen(question: string, ...texts: string[]): string | null {
  const sources = texts.map((text, i) => source(i + 1, text))
  const fit = chooseFigure(understandQuestion(question), tableFigures(sources), () => true)
  return fit ? `${fit.figure.label} | ${fit.figure.header} | ${fit.figure.value} | ${fit.figure.unit}` : null
}

const OPERATIONS = [
  'Consolidated Statements of Operations (In millions, except per share amounts) | 2022 | 2021',
  'Revenues | | ',
  'Casino | $ 5,734 | $ 5,362',
  'Rooms | 3,057 | 1,690',
  '| 8,791 | 7,052',
  'Expenses | |',
  'Casino | 2,746 | 2,551',
  'Research and development | 947 | 1,072',
  'Interest expense | (160) | (177)',
  'Net income | 1,473 | 1,254',
  'Earnings per share | |',
  'Basic | $ 3.52 | $ 2.44',
  'Diluted | $ 3.49 | $ 2.41',
  'Shares used in computing earnings per share | |',
  'Diluted | 412 | 487',
].join('\n')

const CASH_FLOWS = [
  'Consolidated Statements of Cash Flows (In millions) | 2022 | 2021',
  'Net cash provided by operating activities | 2,500 | 2,300',
  'Capital expenditures | (2,297) | (1,764)',
  'Acquisitions, net of cash acquired | (12) | (135)',
].join('\n')

describe('chooseFigure', () => {
  it('reads a clipped compound as the words it clips: capex, the capital expenditures row', () => {
    expect(chosen('acme capex 2022', CASH_FLOWS)).toBe('Capital expenditures | 2022 | (2,297) | millions')
  })

  it('answers "how many" with a count, never an amount of money or a share', () => {
    const club = [
      'Treasurer’s Report | 2018 | 2017',
      'Membership dues | $4,250 | $3,980',
      'Members | 131 | 112',
    ].join('\n')
    expect(chosen('how many members in 2018', club)).toBe('Members | 2018 | 131 | null')
    expect(chosen('how many members in 2018', club.replace('\nMembers | 131 | 112', ''))).toBeNull()
  })

  it('puts amounts a PDF glued to the label back in their columns', () => {
    const glued = ['(In millions) | 2021 | 2020 | 2019', 'Revenues $ 44,538 $ 37,403 $ | | | 39,117'].join(
      '\n',
    )
    expect(chosen('acme revenue 2020', glued)).toBe('Revenues | 2020 | $ 37,403 | millions')
    expect(chosen('acme revenue 2019', glued)).toBe('Revenues | 2019 | 39,117 | millions')
  })

  it('reads an abbreviation the row spells out as the quantity asked, not as a name', () => {
    expect(chosen('ACME R&D expense 2022', OPERATIONS)).toBe(
      'Research and development | 2022 | 947 | millions',
    )
  })

  it('does not hold a ticker against the row: it names the company', () => {
    expect(chosen('ACMX net income 2022', OPERATIONS)).toBe('Net income | 2022 | 1,473 | millions')
  })

  it("reads a group's unlabelled last row as its total: total revenues", () => {
    expect(chosen('acme total revenues 2022', OPERATIONS)).toBe('Total Revenues | 2022 | 8,791 | millions')
  })

  it('does not take a row for the total asked when only "total" fits: not total expenses for total revenues', () => {
    const balance = [
      '(In millions) | 2022 | 2021',
      'Total other assets | 32,313 | 20,047',
      "Total stockholders' equity | 4,831 | 6,070",
    ].join('\n')
    expect(chosen('acme total revenues 2022', balance)).toBeNull()
  })

  it('reads a row with the group it stands under: revenue from the casino, not its costs', () => {
    expect(chosen('acme casino revenue 2022', OPERATIONS)).toBe('Casino | 2022 | $ 5,734 | millions')
    expect(chosen('acme casino expenses 2021', OPERATIONS)).toBe('Casino | 2021 | 2,551 | millions')
  })

  it('takes the per-share row for EPS, in dollars, not the share count under another group', () => {
    expect(chosen('ACME diluted EPS 2022', OPERATIONS)).toBe('Diluted | 2022 | $ 3.49 | null')
  })

  it("quotes the statement's exact amount over a rounded one of the same size", () => {
    const discussion = [
      'Operating expenses (dollars in millions) | Fiscal 2022 | Fiscal 2021',
      'Research and development | $ 976.0 | $ 862.7',
    ].join('\n')
    const statement = [
      'Consolidated Statements of Income (In thousands) | Fiscal 2022 | Fiscal 2021',
      'Research and development | 975,987 | 862,730',
    ].join('\n')
    expect(chosen('research and development expense fiscal 2022', discussion, statement)).toBe(
      'Research and development | Fiscal 2022 | 975,987 | thousands',
    )
  })

  it('takes the row holding the asked words in order over a larger one holding them apart', () => {
    const reconciliation = [
      'Reconciliation of net income (loss) to Adjusted EBITDA (in thousands) | 2020 | 2019',
      'Net income (loss) | $ 213,105 | $ 375,446',
      'Other (income) expense, net | (291,725) | 273',
    ].join('\n')
    expect(chosen('net income 2020', reconciliation)).toBe('Net income (loss) | 2020 | $ 213,105 | thousands')
    // Stop words kept: "net of income taxes" holds the two words, not the phrase.
    const income = [
      'Consolidated Statements of Comprehensive Income (Amounts in millions) | 2018 | 2017',
      'Consolidated net income | 10,523 | 14,293',
      'Comprehensive income, net of income taxes | 14,743 | 11,448',
    ].join('\n')
    expect(chosen('net income fiscal 2018', income)).toBe(
      'Consolidated net income | 2018 | 10,523 | millions',
    )
  })

  it("answers a quarter with the quarter's column, not the six months'", () => {
    const quarterly = [
      'Consolidated statements of income (in millions) | Three months ended June 30, 2023 | Six months ended June 30, 2023',
      'Net income | 14,472 | 27,094',
    ].join('\n')
    expect(chosen('net income Q2 2023', quarterly)).toBe(
      'Net income | Three months ended June 30, 2023 | 14,472 | millions',
    )
    // A two-row header read as one row: only the first column says the quarter; the third, a year
    // alone, is the half year's and larger.
    const flattened = [
      '(in millions) | Three months ended June 30, 2023 | 2022 | 2023 | Six months ended June 30, 2022',
      'Net income | $ 14,472 | $ 8,649 | $ 27,094 | $ 16,931',
    ].join('\n')
    expect(chosen('JPMorgan net income Q2 2023', flattened)).toBe(
      'Net income | Three months ended June 30, 2023 | $ 14,472 | millions',
    )
  })
})

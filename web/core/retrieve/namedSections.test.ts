import { describe, expect, it } from 'vitest'
import { liftBySection, SECTION_LIFT, sectionWords, underNamedSection } from './namedSections'

describe('sectionWords', () => {
  it('reads a named part as the words its title prints, singular, in no order', () => {
    expect(sectionWords(['cash flow statement'])).toEqual([['cash', 'flow', 'statement']])
    expect(sectionWords(['statement of cash flows'])).toEqual([['statement', 'cash', 'flow']])
    expect(sectionWords(['risk factors section', 'balance sheet'])).toEqual([
      ['risk', 'factor'],
      ['balance', 'sheet'],
    ])
    expect(sectionWords(['the section'])).toEqual([])
  })
})

describe('underNamedSection', () => {
  const flows = sectionWords(['cash flow statement'])

  it("finds the part in a table passage's caption, the text before its first cell", () => {
    const row =
      'ACME CORP. CONSOLIDATED STATEMENTS OF CASH FLOWS (In millions) | 2022 | 2021 / Capital expenditures | (512) | (430)'
    expect(underNamedSection({ text: row }, flows)).toBe(true)
    // The same words in a cell are not a title.
    expect(
      underNamedSection({ text: 'Segment capital (In millions) | cash flow statement | 2022' }, flows),
    ).toBe(false)
  })

  it('finds it in the heading, or in a short first line, but not in prose', () => {
    expect(
      underNamedSection(
        { heading: 'Statements of Cash Flows', text: 'Net cash from operations rose.' },
        flows,
      ),
    ).toBe(true)
    expect(underNamedSection({ text: 'Consolidated Statement of Cash Flows\nNet income 1,200' }, flows)).toBe(
      true,
    )
    const prose = `${'Our liquidity depends on many things that we describe at length here, '.repeat(3)}and the cash flow statement shows them.`
    expect(underNamedSection({ text: prose }, flows)).toBe(false)
    expect(underNamedSection({ text: 'Consolidated Statement of Cash Flows' }, [])).toBe(false)
  })
})

describe('liftBySection', () => {
  type Candidate = { id: string; score: number; page: number; text: string }
  const place = ({ page }: Candidate) => `d#${page}`
  const statement = sectionWords(['income statement'])

  it('puts the passages under the named part, and their page-mates, ahead of look-alikes', () => {
    const candidates: Candidate[] = [
      { id: 'segment', score: 0.9, page: 40, text: 'Segment revenue (In millions) | 2022 / Revenue | 410' },
      { id: 'title', score: 0.6, page: 12, text: 'CONSOLIDATED STATEMENTS OF INCOME\n(In millions)' },
      {
        id: 'row',
        score: 0.8,
        page: 12,
        text: '(In millions) | 2022 | 2021 / Total revenue | 2,100 | 1,900',
      },
    ]
    const lifted = liftBySection(candidates, statement, (item) => item, place)
    expect(lifted.map(({ id }) => id)).toEqual(['row', 'segment', 'title'])
    expect(lifted.find(({ id }) => id === 'segment')!.score).toBeCloseTo(0.9 / (1 + SECTION_LIFT), 12)
    expect(lifted.find(({ id }) => id === 'row')!.score).toBe(0.8)
  })

  it('changes nothing where the question names no part, or no candidate is under it', () => {
    const candidates: Candidate[] = [
      { id: 'a', score: 0.9, page: 1, text: 'Revenue grew.' },
      { id: 'b', score: 0.5, page: 2, text: 'Revenue fell.' },
    ]
    expect(liftBySection(candidates, [], (item) => item, place)).toEqual(candidates)
    expect(liftBySection(candidates, statement, (item) => item, place)).toEqual(candidates)
  })
})

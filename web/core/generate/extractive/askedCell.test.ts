import { describe, expect, it } from 'vitest'
import { askedCell } from './askedCell'

const COLORS = 'Colors | Green, Grey, Orange | Black, Blue (Feature, Trailblazer 500, Trailblazer 300)'

describe('askedCell', () => {
  it('states the cell of the column the question names by a word the other columns lack', () => {
    expect(askedCell(COLORS, 'what colors does the trailblazer 500 come in')).toBe(
      'Colors, Trailblazer 500: Green, Grey, Orange',
    )
    expect(askedCell(COLORS, 'whats the colour range of the 300')).toBe(
      'Colors, Trailblazer 300: Black, Blue',
    )
  })

  it("reads a header row without a label cell as the columns' headers", () => {
    expect(
      askedCell('Total expenses | $5,210 | $4,900 (2018, 2017)', 'how much did the club spend in 2018'),
    ).toBe('Total expenses, 2018: $5,210')
  })

  it('reads a header holding brackets of its own ("Latency (ms)")', () => {
    const row = 'DPR | 78.4 | 79.4 | 35 (Method, NQ recall@20, TriviaQA recall@20, Latency (ms))'
    expect(askedCell(row, "what is dpr's nq recall")).toBe('DPR, NQ recall@20: 78.4')
    expect(askedCell(row, 'how fast is dpr, its latency')).toBe('DPR, Latency (ms): 35')
  })

  it('states nothing where the question names no one column, or the row has no header to pair', () => {
    expect(askedCell(COLORS, 'what colors does the trailblazer come in')).toBeNull()
    expect(askedCell(COLORS, 'compare the 500 and the 300')).toBeNull()
    expect(askedCell('Balance at year end | $3,460 | $2,660 (2018, 2017)', 'balance at year end')).toBeNull()
    expect(askedCell('The tent weighs 2 kg.', 'how much does the 500 weigh')).toBeNull()
  })
})

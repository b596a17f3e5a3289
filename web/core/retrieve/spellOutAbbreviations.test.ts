import { describe, expect, it } from 'vitest'
import { spellOutAbbreviations } from './spellOutAbbreviations'

const DEFINED = [
  { short: 'CEO', long: 'The Chief Executive Officer of CVS Health Corporation' },
  { short: 'Company', long: 'Chief Executive Officer of Best Buy Co., Inc.' },
  { short: 'EPS', long: 'earnings per share' },
  { short: 'US', long: 'United States' },
]

describe('spellOutAbbreviations', () => {
  it('writes a defined abbreviation out with only the words its initials spell', () => {
    expect(spellOutAbbreviations('Who is the CEO of Kraft Heinz?', DEFINED)).toBe(
      'Who is the Chief Executive Officer of Kraft Heinz?',
    )
    expect(spellOutAbbreviations("who is pfizer's ceo", DEFINED)).toBe(
      "who is pfizer's Chief Executive Officer",
    )
    expect(spellOutAbbreviations('diluted EPS 2022', DEFINED)).toBe('diluted earnings per share 2022')
  })

  it('leaves a query alone when it has no defined abbreviation', () => {
    expect(spellOutAbbreviations('Who is the CFO of Kraft Heinz?', DEFINED)).toBeNull()
    // "Company" is defined, but its definition's initials do not spell it.
    expect(spellOutAbbreviations('What does the company sell?', DEFINED)).toBeNull()
  })

  it('reads a two-letter word in lower case as a word', () => {
    expect(spellOutAbbreviations('tell us about revenue', DEFINED)).toBeNull()
    expect(spellOutAbbreviations('US revenue 2022', DEFINED)).toBe('United States revenue 2022')
  })
})

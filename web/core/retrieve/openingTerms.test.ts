import { describe, expect, it } from 'vitest'
import { TOKENIZER_VERSION } from './index/tokenize'
import { countTerms, openingTermCounts, openingTerms } from './openingTerms'

const COVER = `ACME Holdings, Inc.
FORM 10-K — Annual Report for the fiscal year ended December 31, 2023 (FY2023)
Commission file number 001-12345. Offices: Zürich, 東京都 and São Paulo. Revenues, revenues, revenue.`

describe('openingTerms', () => {
  it('gives back, from what it keeps, the counts the text makes, in the order its terms first occur', () => {
    const kept = openingTerms(COVER)
    expect(kept.tokenizer).toBe(TOKENIZER_VERSION)
    const counted = countTerms(COVER)
    const read = openingTermCounts(COVER, kept)
    expect([...read.terms]).toEqual([...counted.terms])
    expect(read.length).toBe(counted.length)
    expect(counted.terms.get('revenues')).toBe(2)
    expect(counted.terms.get('revenue')).toBe(3)
    expect(counted.length).toBeGreaterThan(counted.terms.size)
  })

  it('reads the kept terms, not the text, where this tokenizer made them', () => {
    const kept = openingTerms('harbour tides tides')
    const read = openingTermCounts('the text was changed', kept)
    expect([...read.terms]).toEqual([
      ['harbour', 1],
      ['tides', 2],
      ['tide', 2],
    ])
    expect(read.length).toBe(5)
  })

  it('counts the text again where the kept terms are another tokenizer’s, damaged or absent', () => {
    const counted = [...countTerms(COVER).terms]
    const kept = openingTerms('something else entirely')
    expect([...openingTermCounts(COVER, { ...kept, tokenizer: TOKENIZER_VERSION - 1 }).terms]).toEqual(
      counted,
    )
    expect([...openingTermCounts(COVER, { ...kept, counts: kept.counts.subarray(1) }).terms]).toEqual(counted)
    expect([...openingTermCounts(COVER).terms]).toEqual(counted)
    expect(openingTermCounts('', openingTerms(''))).toEqual({ terms: new Map(), length: 0 })
  })
})

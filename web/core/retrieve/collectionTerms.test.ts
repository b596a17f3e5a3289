import { describe, expect, it } from 'vitest'
import { collectionTerms } from './collectionTerms'
import { understandQuestion } from './understandQuestion'

const frozen = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(frozen)
    Object.freeze(value)
  }
  return value
}

describe('collectionTerms', () => {
  const ceo = { short: 'CEO', long: 'Chief Executive Officer' }
  const cfo = { short: 'CFO', long: 'Chief Financial Officer' }

  it('lists each pair once, in the order the documents give them', () => {
    const terms = collectionTerms([
      { metadata: { defined_terms: [ceo, cfo] } },
      { metadata: { defined_terms: [{ short: 'ceo', long: 'chief executive officer' }] } },
      { metadata: {} },
    ])
    expect(terms.map(({ short }) => short)).toEqual(['ceo', 'CFO'])
  })

  it("hands out the same list for the same frozen documents' terms, and a new one when they change", () => {
    const first = frozen({ defined_terms: [ceo] })
    const second = frozen({ defined_terms: [cfo] })
    const once = collectionTerms([{ metadata: first }, { metadata: second }])
    expect(collectionTerms([{ metadata: first }, { metadata: second }])).toBe(once)
    expect(Object.isFrozen(once) && Object.isFrozen(once[0])).toBe(true)
    // A document re-processed: its metadata is a new frozen object.
    const changed = frozen({ defined_terms: [cfo, { short: 'EPS', long: 'Earnings Per Share' }] })
    const after = collectionTerms([{ metadata: first }, { metadata: changed }])
    expect(after).not.toBe(once)
    expect(after.map(({ short }) => short)).toEqual(['CEO', 'CFO', 'EPS'])
    expect(understandQuestion('What was EPS?', after).aliases).toEqual([
      { terms: ['eps'], forms: [['earnings', 'per', 'share']] },
    ])
  })

  it('reads terms that are not frozen every time (a server reads its rows afresh; they may change)', () => {
    const stored = [ceo]
    const metadata = { defined_terms: stored }
    const once = collectionTerms([{ metadata }])
    stored.push(cfo)
    const again = collectionTerms([{ metadata }])
    expect(again).not.toBe(once)
    expect(again).toEqual([ceo, cfo])
    // The aliases of a term not frozen are made from its words as they are now.
    const term = { short: 'CEO', long: 'Chief Executive Officer' }
    expect(understandQuestion('Who is the CEO?', [term]).aliases[0]!.forms).toEqual([
      ['chief', 'executive', 'officer'],
    ])
    term.long = 'Chief Everything Officer'
    expect(understandQuestion('Who is the CEO?', [term]).aliases[0]!.forms).toEqual([
      ['chief', 'everything', 'officer'],
    ])
  })
})

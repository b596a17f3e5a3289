import { describe, expect, it } from 'vitest'
import { highlightTerms } from './highlightTerms'

describe('highlightTerms', () => {
  it('marks every occurrence of the query words, whatever their case', () => {
    expect(highlightTerms('Spring tide at the jetty. Tides vary.', 'tide jetty')).toEqual([
      { text: 'Spring ', match: false },
      { text: 'tide', match: true },
      { text: ' at the ', match: false },
      { text: 'jetty', match: true },
      { text: '. ', match: false },
      { text: 'Tide', match: true },
      { text: 's vary.', match: false },
    ])
  })

  it('prefers the longer of two overlapping terms', () => {
    expect(highlightTerms('tides', 'tide tides')).toEqual([{ text: 'tides', match: true }])
  })

  it('skips common function words', () => {
    expect(highlightTerms('the birds nested', 'Where did the birds nest?')).toEqual([
      { text: 'the ', match: false },
      { text: 'birds', match: true },
      { text: ' ', match: false },
      { text: 'nest', match: true },
      { text: 'ed', match: false },
    ])
  })

  it('highlights nothing for a query without words of two letters', () => {
    expect(highlightTerms('a b c', 'a ?')).toEqual([{ text: 'a b c', match: false }])
  })

  it('treats regular-expression characters in the query as text', () => {
    expect(highlightTerms('cost (net) 4.2 or 42', 'net) 42.')).toEqual([
      { text: 'cost (', match: false },
      { text: 'net', match: true },
      { text: ') 4.2 or ', match: false },
      { text: '42', match: true },
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { fileSource as source } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { hyphenedPrefixes } from './hyphenedPrefixes'

describe('hyphenedPrefixes', () => {
  it('reads the prefixes typed before a hyphen, not the ones that say the opposite', () => {
    expect([...hyphenedPrefixes('what does the pact say about anti-dumping and co-operation')]).toEqual([
      'anti',
      'co',
    ])
    expect([...hyphenedPrefixes('how much do non-members pay')]).toEqual([])
    expect([...hyphenedPrefixes('what is the anti virus')]).toEqual([])
  })

  it('answers where the text says the word without the prefix, and refuses naming no prefix', () => {
    const pact = source(
      1,
      'Article 9 bans dumping of goods below their cost of production. Members settle disputes in a joint panel.',
      'trade-pact.pdf',
    )
    expect(composedAnswer('what does the trade pact say about anti-dumping', [pact]).text).toMatch(
      /^Article 9 bans dumping of goods below their cost of production\. \[1\]/u,
    )
    expect(composedAnswer('what does the trade pact say about anti-piracy', [pact]).text).not.toMatch(
      /“anti”/u,
    )
  })
})

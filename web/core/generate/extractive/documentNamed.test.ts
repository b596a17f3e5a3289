import { describe, expect, it } from 'vitest'
import { fileSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { documentNamed } from './documentNamed'

describe('documentNamed', () => {
  it("reads the words naming a document before its kind, the summary's own words aside", () => {
    expect(documentNamed('summarize the onboarding deck')).toEqual(['onboarding'])
    expect(documentNamed('tldr of the kv caching paper')).toEqual(['kv', 'caching'])
    expect(documentNamed('summarize the deck')).toEqual([])
    expect(documentNamed('what is rust about')).toEqual([])
  })

  it('answers no gist of another document where no passage names the one asked for', () => {
    const changelog = fileSource(
      1,
      'Changelog\n\nAll notable changes to csvkitten are documented in this file. Each release lists what it added and fixed.',
      'CHANGELOG.md',
      'Changelog',
    )
    const answer = composedAnswer('summarize the onboarding deck', [changelog])
    expect(answer.kind).toBe('none')
    expect(answer.text).toContain('“onboarding”')
    expect(composedAnswer('summarize the csvkitten changelog', [changelog]).kind).toBe('answer')
  })
})

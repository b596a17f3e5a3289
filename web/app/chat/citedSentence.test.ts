import { describe, expect, it } from 'vitest'
import { lastSentence } from './citedSentence'

describe('lastSentence', () => {
  it('takes the sentence the chip ends, after earlier ones', () => {
    expect(lastSentence('Tides rose. Operating profit was 11,162 in 2021. ')).toBe(
      'Operating profit was 11,162 in 2021.',
    )
  })

  it('keeps numbers with points inside the sentence', () => {
    expect(lastSentence('It reached 4.2 metres')).toBe('It reached 4.2 metres')
  })

  it('has nothing for empty text', () => {
    expect(lastSentence('   ')).toBeUndefined()
  })
})

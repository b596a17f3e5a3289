import { describe, expect, it } from 'vitest'
import { tokenize } from '../../retrieve/index/tokenize'
import { holdsPhrase } from './holdsPhrase'

describe('holdsPhrase', () => {
  const phrase = tokenize('Chief Executive Officer')

  it('finds the words one after another', () => {
    expect(holdsPhrase(tokenize('Our Chief Executive Officer signs.'), phrase)).toBe(true)
  })

  it('does not take the same words apart for the phrase', () => {
    const apart = tokenize('Mr. Knopf (“Executive”) was our Global Chief Financial Officer.')
    expect(holdsPhrase(apart, phrase)).toBe(false)
    expect(holdsPhrase(apart, [])).toBe(false)
  })
})

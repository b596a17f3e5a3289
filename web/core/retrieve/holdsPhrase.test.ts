import { describe, expect, it } from 'vitest'
import { tokenize } from './index/tokenize'
import { holdsPhrase, outsidePhrases } from './holdsPhrase'

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

  it("blanks the words of a longer term, so that a term's form inside it is not found", () => {
    const sequence = tokenize(
      'A junior accessory dwelling unit requires an owner; an accessory dwelling unit does not',
    )
    const longer = [tokenize('junior accessory dwelling unit')]
    const form = tokenize('accessory dwelling unit')
    expect(holdsPhrase(outsidePhrases(sequence.slice(0, 6), longer), form)).toBe(false)
    expect(holdsPhrase(outsidePhrases(sequence, longer), form)).toBe(true)
    expect(outsidePhrases(sequence, [])).toBe(sequence)
  })
})

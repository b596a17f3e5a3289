import { describe, expect, it } from 'vitest'
import { contractedWord, contractionLike } from './contractedWord'
import { knownWord } from './englishReader'

describe('contractedWord', () => {
  it('reads a contraction people type: first and last letters kept, the rest in order', () => {
    expect(contractedWord('supt', 'superintendent')).toBe(true)
    expect(contractedWord('mtg', 'meeting')).toBe(true)
    expect(contractedWord('govt', 'government')).toBe(true)
    expect(contractedWord('mgmt', 'management')).toBe(true)
    expect(contractedWord('yrs', 'years')).toBe(true)
    // A silent final "e" is dropped with the rest.
    expect(contractedWord('pkg', 'package')).toBe(true)
  })

  it('takes no English word, no letters out of order and no other last letter for a contraction', () => {
    // "pet" and "cat" are words: not "parliament", not "constraint".
    expect(knownWord('pet')).toBe(true)
    expect(knownWord('supt')).toBe(false)
    expect(contractedWord('pet', 'parliament')).toBe(false)
    expect(contractedWord('cat', 'constraint')).toBe(false)
    expect(contractedWord('mtg', 'meetings')).toBe(false)
    expect(contractedWord('tmg', 'meeting')).toBe(false)
    expect(contractedWord('mgt', 'meeting')).toBe(false)
    // Too short to be sure of, too close to the word, or not lower-case letters.
    expect(contractedWord('mt', 'meet')).toBe(false)
    expect(contractedWord('mtng', 'mting')).toBe(false)
    expect(contractedWord('m2g', 'meeting')).toBe(false)
  })

  it('tells a word that may be a contraction before any word is read', () => {
    expect(contractionLike('supt')).toBe(true)
    expect(contractionLike('mtg')).toBe(true)
    expect(contractionLike('pet')).toBe(false)
    expect(contractionLike('superintendent')).toBe(false)
    expect(contractionLike('Supt')).toBe(false)
  })
})

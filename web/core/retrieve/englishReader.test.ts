import { describe, expect, it } from 'vitest'
import { knownWord } from './englishReader'

describe('knownWord', () => {
  it("lists the lexicon's words, not contractions or made-up words, the same when asked again", () => {
    for (let round = 0; round < 2; round++) {
      expect(knownWord('cat')).toBe(true)
      expect(knownWord('meeting')).toBe(true)
      expect(knownWord('supt')).toBe(false)
      expect(knownWord('qzxjvkw')).toBe(false)
    }
  })
})

import { describe, expect, it } from 'vitest'
import { VARIANT_MATCH, matchWord } from './matchWord'

describe('matchWord', () => {
  it('matches the word itself fully and its other forms partly', () => {
    expect(matchWord('tree', 'tree')).toBe(1)
    for (const [term, word] of [
      ['tree', 'trees'],
      ['compiled', 'compile'],
      ['surrender', 'surrendered'],
      ['die', 'died'],
      ['car', 'cars'],
      // Irregular forms and derived words, from the word-form libraries (wordForms.ts).
      ['lose', 'lost'],
      ['win', 'won'],
      ['child', 'children'],
      ['election', 'elected'],
      ['interception', 'intercepted'],
    ]) {
      expect(matchWord(term!, word!), `${term} ~ ${word}`).toBe(VARIANT_MATCH)
    }
  })

  it('matches a name the documents extend by a short ending', () => {
    expect(matchWord('pepsi', 'pepsico')).toBe(VARIANT_MATCH)
  })

  it('does not join words that only share a beginning', () => {
    for (const [term, word] of [
      ['trace', 'tracking'],
      ['car', 'cart'],
      ['win', 'wine'],
      ['an', 'and'],
      ['東京', '東京都'],
    ]) {
      expect(matchWord(term!, word!), `${term} !~ ${word}`).toBe(0)
    }
  })
})

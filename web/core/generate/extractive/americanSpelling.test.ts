import { describe, expect, it } from 'vitest'
import { americanSpelling } from './americanSpelling'
import { matchWord } from './matchWord'

describe('americanSpelling', () => {
  it('spells British words the American way', () => {
    const pairs: Array<[string, string]> = [
      ['colour', 'color'],
      ['tumours', 'tumors'],
      ['behaviour', 'behavior'],
      ['favourite', 'favorite'],
      ['centre', 'center'],
      ['metres', 'meters'],
      ['organise', 'organize'],
      ['organisation', 'organization'],
      ['analysed', 'analyzed'],
      ['licence', 'license'],
      ['defence', 'defense'],
    ]
    for (const [british, american] of pairs) expect(americanSpelling(british), british).toBe(american)
  })

  it('leaves short words and American spellings alone', () => {
    for (const word of [
      'four',
      'hour',
      'your',
      'tour',
      'rise',
      'wise',
      'fence',
      'hence',
      'acre',
      'color',
      'center',
    ])
      expect(americanSpelling(word), word).toBe(word)
  })

  it('lets a question typed one way meet a document printed the other', () => {
    expect(matchWord('tumour', 'tumor')).toBeGreaterThan(0)
    expect(matchWord('colours', 'color')).toBeGreaterThan(0)
    expect(matchWord('four', 'for')).toBe(0)
  })
})

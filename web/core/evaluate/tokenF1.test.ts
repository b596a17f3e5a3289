import { describe, expect, it } from 'vitest'
import { normaliseAnswer, tokenF1, tokenF1Best } from './tokenF1'

describe('normaliseAnswer', () => {
  it('lower-cases, drops articles and punctuation, collapses whitespace', () => {
    expect(normaliseAnswer('  The  Denver Broncos, an NFL team!\n')).toEqual([
      'denver',
      'broncos',
      'nfl',
      'team',
    ])
    expect(normaliseAnswer('A (big) "surprise" — really?')).toEqual(['big', 'surprise', 'really'])
  })

  it('joins abbreviations, thousands and contractions but splits hyphens and slashes', () => {
    expect(normaliseAnswer('U.S. troops: 1,000')).toEqual(['us', 'troops', '1000'])
    expect(normaliseAnswer("don't / won’t")).toEqual(['dont', 'wont'])
    expect(normaliseAnswer('well-known 3.5%')).toEqual(['well', 'known', '35'])
  })

  it("drops a possessive 's, so names in sentences match bare names", () => {
    expect(normaliseAnswer("Manning's problems, Tesla’s company, the Teslas' lab")).toEqual([
      'manning',
      'problems',
      'tesla',
      'company',
      'teslas',
      'lab',
    ])
    expect(normaliseAnswer("it's Smith'sburg")).toEqual(['it', 'smithsburg'])
  })

  it('folds compatibility forms (NFKC) before lower-casing', () => {
    expect(normaliseAnswer('Ｔｅｓｌａ １８５６ ﬁle')).toEqual(['tesla', '1856', 'file'])
  })

  it('keeps combining marks, so Devanagari and accented words stay whole', () => {
    expect(normaliseAnswer('नमस्ते, दुनिया')).toEqual(['नमस्ते', 'दुनिया'])
    expect(normaliseAnswer('Café Zürich')).toEqual(['café', 'zürich'])
    expect(normaliseAnswer('Привет, Мир')).toEqual(['привет', 'мир'])
  })

  it('splits scripts written without spaces into characters (marks stay on their base)', () => {
    expect(normaliseAnswer('東京都は、日本の首都。')).toEqual([
      '東',
      '京',
      '都',
      'は',
      '日',
      '本',
      'の',
      '首',
      '都',
    ])
    expect(normaliseAnswer('カタカナー')).toEqual(['カ', 'タ', 'カ', 'ナ', 'ー'])
    expect(normaliseAnswer('ง่าย')).toEqual(['ง่', 'า', 'ย'])
    expect(normaliseAnswer('Tokyo東京')).toEqual(['tokyo', '東', '京'])
  })

  it('leaves nothing of articles and punctuation alone', () => {
    expect(normaliseAnswer('The...!')).toEqual([])
    expect(normaliseAnswer('')).toEqual([])
  })
})

describe('tokenF1 (hand-computed)', () => {
  it('is 1 for answers equal after normalisation', () => {
    expect(tokenF1('Kawann Short', 'kawann short.')).toBe(1)
    expect(tokenF1('The Denver Broncos', 'Denver Broncos')).toBe(1)
    expect(tokenF1('1,000 U.S. troops', '1000 US troops')).toBe(1)
    expect(tokenF1('well-known', 'well known')).toBe(1)
  })

  it('is the harmonic mean of token precision and recall', () => {
    // [broncos won game] vs [denver broncos]: 1 shared; p = 1/3, r = 1/2, F1 = 2pr/(p+r) = 0.4
    expect(tokenF1('Broncos won the game', 'Denver Broncos')).toBeCloseTo(0.4, 10)
    // [denver broncos team] vs [broncos of denver]: 2 shared; p = r = 2/3
    expect(tokenF1('Denver Broncos team', 'the Broncos of Denver')).toBeCloseTo(2 / 3, 10)
    // Counts are multisets: [four four] vs [four] shares 1; p = 1/2, r = 1, F1 = 2/3
    expect(tokenF1('four four', 'four')).toBeCloseTo(2 / 3, 10)
    // Characters for Han: [東 京 都] vs [東 京]: 2 shared; p = 2/3, r = 1, F1 = 0.8
    expect(tokenF1('東京都', '東京')).toBeCloseTo(0.8, 10)
    expect(tokenF1('Paris', 'London')).toBe(0)
  })

  it('treats two empty normalisations as equal and one empty side as 0 (as SQuAD does)', () => {
    expect(tokenF1('the', 'a')).toBe(1)
    expect(tokenF1('', 'Paris')).toBe(0)
    expect(tokenF1('Paris', '...')).toBe(0)
  })

  it('takes the best of several acceptable answers', () => {
    expect(tokenF1Best('4', ['four', '4'])).toBe(1)
    expect(tokenF1Best('Broncos won the game', ['Panthers', 'Denver Broncos', 'Broncos'])).toBeCloseTo(
      0.5,
      10,
    )
    expect(tokenF1Best('anything', [])).toBe(0)
  })
})

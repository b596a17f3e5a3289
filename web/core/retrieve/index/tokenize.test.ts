import { describe, expect, it } from 'vitest'
import { tokenize } from './tokenize'

describe('tokenize', () => {
  it('lowercases English, splits on anything but letters and digits, and drops stop words', () => {
    expect(tokenize("The Panthers' defense gave up just 308 points, ranking 6th!")).toEqual([
      'panthers',
      'defense',
      'gave',
      'up',
      'just',
      '308',
      'points',
      'ranking',
      '6th',
    ])
    expect(tokenize('What is the ... of it?')).toEqual([])
    expect(tokenize('')).toEqual([])
  })

  it('NFKC-normalises, so full-width and ligature forms meet their plain spelling', () => {
    expect(tokenize('ＡＢＣ １２３ ﬁle')).toEqual(['abc', '123', 'file'])
    // Precomposed and decomposed accents become one term; the accent itself is kept.
    expect(tokenize('Re\u0301sume\u0301 résumé resume')).toEqual(['résumé', 'résumé', 'resume'])
  })

  it('splits Chinese into overlapping character bigrams', () => {
    expect(tokenize('我爱北京天安门')).toEqual(['我爱', '爱北', '北京', '京天', '天安', '安门'])
    // Punctuation separates runs; a lone character stays a unigram.
    expect(tokenize('北京，是。')).toEqual(['北京', '是'])
  })

  it('bigrams Japanese across kanji and kana, and keeps Latin and digits inside a run whole', () => {
    expect(tokenize('東京タワー')).toEqual(['東京', '京タ', 'タワ', 'ワー'])
    expect(tokenize('iPhone15発売')).toEqual(['iphone15', '発売'])
    // Half-width katakana are widened by NFKC first.
    expect(tokenize('ﾀﾜｰ')).toEqual(['タワ', 'ワー'])
  })

  it('bigrams Thai by code point, vowel and tone marks included', () => {
    const thai = 'ภาษาไทย'
    expect(tokenize(thai)).toEqual(['ภา', 'าษ', 'ษา', 'าไ', 'ไท', 'ทย'])
    // "น้ำ" (water): the tone mark is a combining mark and is kept; NFKC splits SARA AM into
    // NIKHAHIT + SARA AA, the same on both sides.
    expect(tokenize('น้ำ')).toEqual(['น\u0e49', '\u0e49\u0e4d', '\u0e4d\u0e32'])
    expect(tokenize('ภาษา ไทย').length).toBeGreaterThan(0)
  })

  it('counts a character outside the BMP as one character', () => {
    expect(tokenize('𠀀𠀁')).toEqual(['𠀀𠀁'])
    expect(tokenize('𠀀')).toEqual(['𠀀'])
  })

  it('keeps spaced scripts (Korean, Cyrillic, Greek, Arabic) as words', () => {
    expect(tokenize('한국어 문서 Москва Αθήνα القاهرة')).toEqual([
      '한국어',
      '문서',
      'москва',
      'αθήνα',
      'القاهرة',
    ])
  })

  it('is the same for a query as for the text it should find', () => {
    const text = 'Nikola Tesla (10 July 1856 – 7 January 1943) was a Serbian-American inventor.'
    for (const term of tokenize('serbian inventor tesla')) expect(tokenize(text)).toContain(term)
  })
})

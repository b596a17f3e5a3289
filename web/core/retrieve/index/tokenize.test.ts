import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../../testing/corpusDir'
import { searchTerms, tokenize } from './tokenize'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../..', import.meta.url)))

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

  it('drops the s and t an apostrophe leaves', () => {
    expect(tokenize("Amazon's don't")).toEqual(['amazon', 'don'])
  })

  it("adds the singular of an English plural (Harman's S stemmer) beside it in search terms", () => {
    expect(searchTerms('statements flows inventories series toes glass buses statement')).toEqual([
      'statements',
      'statement',
      'flows',
      'flow',
      'inventories',
      'inventory',
      // Harman's rules as written: "-ies" after a consonant is "-y", "-oes" loses its "s".
      'series',
      'sery',
      'toes',
      'toe',
      'glass',
      'buses',
      'buse',
      'statement',
    ])
    // Short words and words with other letters than a-z keep their s; words are as written.
    expect(searchTerms('gas its Москвы résumés')).toEqual(['gas', 'москвы', 'résumés'])
    expect(tokenize('statements flows')).toEqual(['statements', 'flows'])
  })

  it('adds the digit runs of a word that mixes letters and digits to search terms, so FY2022 meets 2022', () => {
    expect(searchTerms('FY2022 2024Q2 Q2 6th 10K marker12xb iPhone15発売')).toEqual([
      'fy2022',
      '2022',
      '2024q2',
      '2024',
      'q2',
      '6th',
      '10k',
      '10',
      'marker12xb',
      '12',
      'iphone15',
      '15',
      '発売',
    ])
    expect(searchTerms('2022')).toEqual(['2022'])
    expect(tokenize('FY2022')).toEqual(['fy2022'])
  })

  it('gives every word of a text the terms it gets among unspaced script (one path for the whole text, one per word)', () => {
    // A text with no unspaced character is split at once; a lone '東' after it sends every word down the
    // path that asks of each: the terms before it must be the same. Real texts, and words mixing scripts.
    const texts = readdirSync(`${corpus}/md`).map((name) => readFileSync(`${corpus}/md/${name}`, 'utf8'))
    const contexts = readFileSync(`${corpus}/qa/xquad-en/questions.jsonl`, 'utf8')
    texts.push(contexts.slice(0, 200_000))
    texts.push('Ｑ２ ２０２２年 x² ½ ⅻ ٣٤abc abc٣٤ ß İstanbul ﬁnance Café-2024 élan42 ǅ1990s')
    for (const text of texts) {
      const alone = searchTerms(text)
      const among = searchTerms(`${text} 東`)
      expect(among.at(-1)).toBe('東')
      expect(among.slice(0, -1)).toEqual(alone)
    }
  })

  it('adds digit runs to words that mix letters and digits in any script, ASCII or not', () => {
    expect(searchTerms('٣٤abc abc٣٤ élan42 ab٣ x² ½ ⅻ')).toEqual([
      '٣٤abc',
      '٣٤',
      'abc٣٤',
      '٣٤',
      'élan42',
      '42',
      'ab٣',
      'x2',
      '1',
      '2',
      'xii',
    ])
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

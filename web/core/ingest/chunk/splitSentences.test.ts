import { describe, expect, it } from 'vitest'
import { splitSentences } from './splitSentences'

const sentences = (text: string) => splitSentences(text).map((span) => text.slice(span.start, span.end))

describe('splitSentences', () => {
  it('splits after sentence-final punctuation, keeping the text exactly', () => {
    const text = 'Tesla died in 1943. His work fell into obscurity! Was it fair? "Yes." Then more…'
    expect(sentences(text)).toEqual([
      'Tesla died in 1943. ',
      'His work fell into obscurity! ',
      'Was it fair? ',
      '"Yes." ',
      'Then more…',
    ])
    expect(sentences(text).join('')).toBe(text)
  })

  it('does not split after abbreviations, initials or before a lowercase word', () => {
    expect(sentences('Dr. Smith met J. R. Doe in the U.S. in May. He left.')).toEqual([
      'Dr. Smith met J. R. Doe in the U.S. in May. ',
      'He left.',
    ])
    expect(sentences('Use a tool, e.g. Vite. It is fast... really fast.')).toEqual([
      'Use a tool, e.g. Vite. ',
      'It is fast... really fast.',
    ])
  })

  it('reads "cc." before an addressee as part of the sentence, and as its end after a size', () => {
    expect(sentences('For a bug in the tool, please cc. Ana Ruiz on the ticket. Thanks.')).toEqual([
      'For a bug in the tool, please cc. Ana Ruiz on the ticket. ',
      'Thanks.',
    ])
    expect(sentences('The scooter has 50 cc. Its top speed is low.')).toEqual([
      'The scooter has 50 cc. ',
      'Its top speed is low.',
    ])
  })

  it("splits after a page's footnote marks printed right after the full stop", () => {
    const text = 'They split into tribes.[10] The largest is Anatini.[11][12] Some are diving ducks.'
    expect(sentences(text)).toEqual([
      'They split into tribes.[10] ',
      'The largest is Anatini.[11][12] ',
      'Some are diving ducks.',
    ])
  })

  it('splits CJK text at full stops without spaces', () => {
    expect(sentences('今天天气很好。我们去公园吧！你来吗？')).toEqual([
      '今天天气很好。',
      '我们去公园吧！',
      '你来吗？',
    ])
  })

  it('works on a range of a longer text', () => {
    const text = 'Skip this. One. Two.'
    const spans = splitSentences(text, 11)
    expect(spans.map((span) => text.slice(span.start, span.end))).toEqual(['One. ', 'Two.'])
  })
  it("keeps an enumeration's numbered items in its sentence, and a number ending a sentence ends it", () => {
    const text =
      'The rankings were as follows: 1. Finland 2. Norway 3. Canada. The score was 10. Then it fell.'
    expect(sentences(text)).toEqual([
      'The rankings were as follows: 1. Finland 2. Norway 3. Canada. ',
      'The score was 10. ',
      'Then it fell.',
    ])
  })
  it("keeps a quotation's attribution with it", () => {
    const text = 'Premature optimization is the root of all evil. -- Prof. Donald E. Knuth. Profilers help.'
    expect(sentences(text)).toEqual([
      'Premature optimization is the root of all evil. -- Prof. Donald E. Knuth. ',
      'Profilers help.',
    ])
  })
  it('keeps a month\'s abbreviation or "No." with the number after it, and ends a sentence after "Oct." before a word', () => {
    expect(
      sentences('The fair is on Oct. 31 at noon. Bring No. 2 pencils. We met in Oct. Then we left.'),
    ).toEqual([
      'The fair is on Oct. 31 at noon. ',
      'Bring No. 2 pencils. ',
      'We met in Oct. ',
      'Then we left.',
    ])
  })
})

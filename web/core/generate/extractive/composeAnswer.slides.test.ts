import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { answerSource } from '../../testing/answerSource'
import { composeAnswer } from './composeAnswer'

/** A slide as a deck's chunk holds it: its title on the first line, its bullets one a line, unpunctuated. */
const slide = (number: number, page: number, title: string, bullets: string[]): AnswerSource =>
  answerSource(number, [title, '', ...bullets].join('\n'), {
    filename: 'tuning-talk.pptx',
    page,
    heading: title,
  })

const answer = (question: string, sources: AnswerSource[]) => {
  const composed = composeAnswer({ question, sources, understanding: understandQuestion(question) })
  return { kind: composed.kind, text: composed.pieces.join('') }
}

describe('composeAnswer on slide decks', () => {
  it("answers from a slide's bullet that states something, though it has no full stop", () => {
    const { kind, text } = answer('what is a cache miss', [
      slide(1, 12, 'Caches and Misses', [
        'A cache miss is a lookup that finds nothing stored',
        'Misses cost a trip to the disk',
        'Warm Caches',
      ]),
      slide(2, 13, 'Sizing the Cache', ['Take total memory', 'Subtract what the system needs']),
    ])
    expect(kind).toBe('answer')
    expect(text).toBe('A cache miss is a lookup that finds nothing stored [1]')
  })

  it('takes "X is the …" for what X is, not "X is important to …"', () => {
    const { text } = answer('define caching', [
      slide(1, 4, 'Why caching?', ['Caching is important to our users.', 'Slow pages lose readers.']),
      slide(2, 5, 'Caching concepts', ['Caching is the practice of keeping answers to reuse them.']),
    ])
    expect(text).toBe('Caching is the practice of keeping answers to reuse them. [2]')
  })

  it('answers a few words naming a slide\'s list ("cache tuning tips") with its items', () => {
    const { kind, text } = answer('cache tuning tips', [
      slide(1, 20, 'Cache Tuning Tips', [
        'Measure the hit rate',
        'Size for the working set',
        'Expire stale entries',
      ]),
      slide(2, 21, 'Cache Internals', ['Entries live in buckets', 'Each bucket is a list']),
    ])
    expect(kind).toBe('answer')
    expect(text).toBe(
      'Cache Tuning Tips [1]\n- Measure the hit rate\n- Size for the working set\n- Expire stale entries',
    )
    // Words that name no list's heading are asked as any other question.
    expect(
      answer('bucket entries tips', [
        slide(1, 21, 'Cache Internals', ['Entries live in buckets', 'Each bucket is a list']),
      ]).text,
    ).not.toContain('\n- ')
  })

  it('quotes the items under a line left unfinished ("… because of")', () => {
    const { text } = answer('why are caches hard to size', [
      slide(1, 7, 'The problem', [
        'Caches are hard to size because of',
        'changing traffic',
        'uneven entry sizes',
        'memory shared with other programs',
      ]),
    ])
    expect(text).toBe(
      'Caches are hard to size because of [1]\n- changing traffic\n- uneven entry sizes\n- memory shared with other programs',
    )
  })

  it('answers what an abbreviation stands for with its spelled-out form, not a word like "standard"', () => {
    const { text } = answer('what does TTL stand for', [
      slide(1, 9, 'Expiry', [
        'Every entry carries a time to live (TTL)',
        'Servers set the TTL using a standard header field:',
        'Cache-Control: max-age',
      ]),
    ])
    expect(text.startsWith('Every entry carries a time to live (TTL) [1]')).toBe(true)
  })

  it("answers who gave a talk with the speaker's name on the title slide", () => {
    const title = answerSource(1, 'Cache Tuning\nPart 1: Sizing\nAna Ruiz <ana@example.org>', {
      filename: 'tuning-talk.pptx',
      page: 1,
      heading: 'Cache Tuning',
    })
    expect(answer('who gave the cache tuning talk', [title]).text).toBe('Ana Ruiz [1]')
  })
})

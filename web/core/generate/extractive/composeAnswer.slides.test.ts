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
  const cases: Array<[string, string, AnswerSource[], string]> = [
    [
      "answers from a slide's bullet that states something, though it has no full stop",
      'what is a cache miss',
      [
        slide(1, 12, 'Caches and Misses', [
          'A cache miss is a lookup that finds nothing stored',
          'Misses cost a trip to the disk',
          'Warm Caches',
        ]),
        slide(2, 13, 'Sizing the Cache', ['Take total memory', 'Subtract what the system needs']),
      ],
      'A cache miss is a lookup that finds nothing stored [1]',
    ],
    [
      'takes "X is the …" for what X is, not "X is important to …"',
      'define caching',
      [
        slide(1, 4, 'Why caching?', ['Caching is important to our users.', 'Slow pages lose readers.']),
        slide(2, 5, 'Caching concepts', ['Caching is the practice of keeping answers to reuse them.']),
      ],
      'Caching is the practice of keeping answers to reuse them. [2]',
    ],
    [
      'answers a few words naming a slide\'s list ("cache tuning tips") with its items',
      'cache tuning tips',
      [
        slide(1, 20, 'Cache Tuning Tips', [
          'Measure the hit rate',
          'Size for the working set',
          'Expire stale entries',
        ]),
        slide(2, 21, 'Cache Internals', ['Entries live in buckets', 'Each bucket is a list']),
      ],
      'Cache Tuning Tips [1]\n- Measure the hit rate\n- Size for the working set\n- Expire stale entries',
    ],
    [
      'quotes the items under a line left unfinished ("… because of")',
      'why are caches hard to size',
      [
        slide(1, 7, 'The problem', [
          'Caches are hard to size because of',
          'changing traffic',
          'uneven entry sizes',
          'memory shared with other programs',
        ]),
      ],
      'Caches are hard to size because of [1]\n- changing traffic\n- uneven entry sizes\n- memory shared with other programs',
    ],
  ]
  for (const [name, question, sources, expected] of cases) {
    it(name, () => {
      expect(answer(question, sources)).toEqual({ kind: 'answer', text: expected })
    })
  }

  it("asks words that name no list's heading as any other question", () => {
    const internals = slide(1, 21, 'Cache Internals', ['Entries live in buckets', 'Each bucket is a list'])
    expect(answer('bucket entries tips', [internals]).text).not.toContain('\n- ')
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

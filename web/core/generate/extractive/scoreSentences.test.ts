import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import { fileSource } from '../../testing/answerSource'
import { candidateSentences } from './candidateSentences'
import { scoreSentences } from './scoreSentences'

/** Whether each sentence holds the kind of answer the question asks, as scored. */
function kinds(question: string, text: string): Record<string, boolean> {
  const scores = scoreSentences(
    understandQuestion(question),
    candidateSentences([fileSource(1, text, 'a.md')]),
  )
  return Object.fromEntries(scores.ranked.map((scored) => [scored.sentence.text, scored.holdsKind]))
}

describe('scoreSentences', () => {
  it('reads "May", "March" and "August" as months only where capitalised: as words they date nothing', () => {
    const held = kinds(
      'when did the strike start',
      [
        'A time may come when the strike ends.',
        'Workers march on the capital as the strike goes on.',
        'The strike started in May.',
        'The STRIKE STARTED IN MARCH.',
      ].join(' '),
    )
    expect(held).toEqual({
      'A time may come when the strike ends.': false,
      'Workers march on the capital as the strike goes on.': false,
      'The strike started in May.': true,
      'The STRIKE STARTED IN MARCH.': true,
    })
  })

  it('reads "the best way to X" as asking for a means: "way", never printed, is not missing', () => {
    const text = 'Installing Git. Good: msysgit. Best: gitextensions with p4merge for merging.'
    const question = 'whats the best way to install git'
    const scores = scoreSentences(
      understandQuestion(question),
      candidateSentences([fileSource(1, text, 'git.md')]),
    )
    expect(scores.missing).not.toContain('way')
    const without = scoreSentences(
      understandQuestion('whats the best to install git'),
      candidateSentences([fileSource(1, text, 'git.md')]),
    )
    expect(scores.ranked[0]?.coverage).toBeCloseTo(without.ranked[0]?.coverage ?? 0)
  })
})

describe('scoreSentences on how a thing works', () => {
  it('takes "work" in "how does X work" for the shape of the ask: "working days" does not say how', () => {
    const scores = scoreSentences(
      understandQuestion('how does code review work'),
      candidateSentences([
        fileSource(
          1,
          'Code review\n\nReviews should be done within two working days. Every change needs one approving review from a maintainer before it is merged.',
          'guide.md',
          'Guide > Code review',
        ),
      ]),
    )
    expect(scores.ranked[0]?.sentence.text).toBe(
      'Every change needs one approving review from a maintainer before it is merged.',
    )
  })
})

import { describe, expect, it } from 'vitest'
import { definingPassageFirst } from './definingPassageFirst'
import { understandQuestion } from './understandQuestion'

const passage = (text: string, score: number) => ({ text, score })
const order = (question: string, found: ReturnType<typeof passage>[]) =>
  definingPassageFirst(found, question, understandQuestion(question), ({ text }) => text).map(
    ({ text }) => text,
  )

describe('definingPassageFirst', () => {
  const using = passage('A free app developed by the IKWG is available.', 3)
  const usingToo = passage('As per IKWG, count every stained nucleus.', 2)
  const defining = passage('The International Ki67 in Breast Cancer Working Group (IKWG) met in 2019.', 1)

  it('puts the passage that defines the acronym asked about first, above the passages that use it', () => {
    const ranked = definingPassageFirst(
      [using, usingToo, defining],
      'what does IKWG stand for',
      understandQuestion('what does IKWG stand for'),
      ({ text }) => text,
    )
    expect(ranked.map(({ text }) => text)).toEqual([defining.text, using.text, usingToo.text])
    expect(ranked[0]!.score).toBeGreaterThan(3)
  })

  it('prefers a long form spelled by its initials to one holding the letters in order', () => {
    const table = passage('Security Sensitivity Level XPath Query (SSP) Level:', 2)
    const guide = passage('Read the Guide to FedRAMP System Security Plans (SSP) first.', 1)
    expect(order('what does SSP stand for', [passage('The SSP is long.', 3), table, guide])[0]).toBe(
      guide.text,
    )
  })

  it('leaves the order alone for a question that is not about a spelling, or when nothing defines it', () => {
    expect(order('what did the IKWG recommend', [using, usingToo, defining])).toEqual([
      using.text,
      usingToo.text,
      defining.text,
    ])
    expect(order('what does IKWG stand for', [using, usingToo])).toEqual([using.text, usingToo.text])
  })
})

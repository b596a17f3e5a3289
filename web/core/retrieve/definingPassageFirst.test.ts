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

  it('asked what an acronym is, puts first the passage that spells it out and says what it is', () => {
    const extending = passage('Extending ATF: ATF can be extended to run periodic tasks.', 3)
    const caption = passage('Architecture\nAsync Task Framework (ATF) [Fig 1]', 2)
    const intro = passage('Async Task Framework (ATF) is the system that schedules tasks at Dropbox.', 1)
    expect(order('what is ATF', [extending, caption, intro])[0]).toBe(intro.text)
    expect(order("what's an ATF?", [extending, caption, intro])[0]).toBe(intro.text)
    // Only spelled (a caption): no better than search's order; asked about it, not what it is: untouched.
    expect(order('what is ATF', [extending, caption])).toEqual([extending.text, caption.text])
    expect(order('how does ATF retry tasks', [extending, caption, intro])[0]).toBe(extending.text)
  })
})

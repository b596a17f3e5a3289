import { describe, expect, it } from 'vitest'
import { answerSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { labelledLine } from './labelledLine'

/** A deck's slide as its chunk holds it: every text box a line. */
const slide = (number: number, page: number, lines: string[], filename = 'onboarding-week.pptx') =>
  answerSource(number, lines.join('\n'), { filename, page, heading: lines[0] })

const OPENING = slide(1, 1, [
  'This morning',
  '',
  'Aim:',
  'To walk new starters through their first week',
  'Results:',
  'Everyone knows where to find help',
])
const AGENDA = slide(2, 6, [
  'Sessions this week',
  '',
  'A morning session is a one hour talk with time for questions at the end',
])
const GRADES = slide(3, 19, [
  'Appendix',
  '',
  'Badge levels',
  '',
  'B1',
  'Visitor badge',
  'Opens the lobby and the canteen only',
  'B2',
  'Staff badge',
  'Opens every floor except the server room',
  'B3',
])
const LEVELS = slide(4, 8, ['Badges', '', 'Every badge has a level: B1, B2 or B3'])

describe('composeAnswer: a value printed under its label', () => {
  it('answers the thing asked with the line a slide prints after its label', () => {
    const reply = composedAnswer('what is the aim of the first week session', [AGENDA, OPENING])
    expect(reply.kind).toBe('answer')
    expect(reply.text).toBe('Aim: To walk new starters through their first week. [1]')
  })

  it("answers what a deck's glossary term means with the lines after it, not with a line naming it", () => {
    const reply = composedAnswer('what does B2 mean', [LEVELS, GRADES])
    expect(reply.kind).toBe('answer')
    expect(reply.text).toBe('B2: Staff badge. Opens every floor except the server room. [3]')
  })

  it('reads a label and its value on one line, in a passage naming what the value is of', () => {
    const help = answerSource(
      1,
      ['Flags', '', 'Option: --color always|never|auto', 'Default: auto', 'Colours the output'].join('\n'),
      { filename: 'cli-flags.pptx', page: 4, heading: 'Flags' },
    )
    const reply = composedAnswer('what is the default for --color', [help])
    expect(reply.kind).toBe('answer')
    expect(reply.text).toBe('Default: auto [1]')
  })

  it("takes no label from a passage that names none of the rest of the ask: another form's aim is not this one's", () => {
    const other = answerSource(1, ['Grant form', '', 'Aim:', 'To fund rural broadband'].join('\n'), {
      filename: 'grant.docx',
      heading: 'Grant form',
    })
    expect(composedAnswer('what is the aim of the onboarding week', [other]).kind).toBe('none')
  })

  it('reads a word alone on a line as a label on a slide only: elsewhere it heads text', () => {
    const text = ['B2', 'Staff badge', 'Opens every floor except the server room'].join('\n')
    const deck = answerSource(1, text, { filename: 'badges.pptx' })
    const readme = answerSource(1, text, { filename: 'README.md', heading: 'B2' })
    expect(labelledLine(['b2'], [], [deck])).toBe(
      'B2: Staff badge. Opens every floor except the server room. [1]',
    )
    expect(labelledLine(['b2'], [], [readme])).toBeNull()
  })
})

describe('composeAnswer: what is said in other words than the ask', () => {
  it('answers "when was it introduced" with a fiscal year as companies print it', () => {
    const source = answerSource(
      1,
      'In FY19 we introduced a shared review process across all markets, supported by one HR system.',
      { filename: 'reviews.pptx', page: 5 },
    )
    const reply = composedAnswer('when was the shared review process introduced', [source])
    expect(reply.kind).toBe('answer')
    expect(reply.text).toContain('In FY19 we introduced')
  })

  it('answers "what share of" with a percentage that does not print the word', () => {
    const slides = [
      ['Do Teams Squash Merges?', '', 'For 40 Randomly Sampled Merges', '30% of Merges were Hotfixes'],
      ['Do Teams Squash Merges?', '', 'If hotfixes are common, then tools should support them'],
      ['Do Teams Review Merges?', '', 'Reviews happen on most merges'],
    ].map((lines, i) =>
      answerSource(i + 1, lines.join('\n'), { filename: 'merge-habits.pptx', page: 10 + i }),
    )
    const reply = composedAnswer('what share of merges were hotfixes', slides)
    expect(reply.kind).toBe('answer')
    expect(reply.text).toContain('30% of Merges')
  })

  it("answers someone's job with what they are employed as", () => {
    const source = answerSource(
      1,
      'Tomasz is married and employed as a bus driver, earning €31,000 a year. He gains €600 from the change.',
      { filename: 'examples.docx' },
    )
    const reply = composedAnswer("what is tomasz's job", [source])
    expect(reply.kind).toBe('answer')
    expect(reply.text).toContain('employed as a bus driver')
  })
})

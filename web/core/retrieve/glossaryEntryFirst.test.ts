import { describe, expect, it } from 'vitest'
import { glossaryEntryFirst } from './glossaryEntryFirst'

const passages = [
  {
    text: 'We page a human for every alert that needs one, and alert rules are reviewed each quarter.',
    score: 3,
  },
  { text: 'Alert fatigue sets in when alerts fire for problems nobody acts on.', score: 2 },
  {
    text: 'Dashboard\nA page of a service’s core metrics.\nAlert\nA notification meant to be read by a person, sent to a pager or a queue.',
    score: 1,
  },
]
const text = ({ text }: { text: string }) => text

describe('glossaryEntryFirst', () => {
  it("puts a term's glossary entry first when asked what the term is, however it is asked", () => {
    for (const question of [
      'what is an alert',
      "what's an alert?",
      'define alert',
      'alert meaning',
      'meaning of alert',
    ]) {
      const found = glossaryEntryFirst(passages, question, text)
      expect(found[0]!.text).toMatch(/^Dashboard\n/u)
      expect(found).toHaveLength(3)
    }
  })

  it('keeps the order for any other question, or where no line is the term over a sentence', () => {
    expect(glossaryEntryFirst(passages, 'who gets paged for an alert', text)).toEqual(passages)
    expect(glossaryEntryFirst(passages, 'what is alert fatigue', text)).toEqual(passages)
  })
})

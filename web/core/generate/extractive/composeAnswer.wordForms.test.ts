import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { answerSource } from '../../testing/answerSource'
import { composeAnswer } from './composeAnswer'

// A question rarely uses the documents' form of a word: "lose" for "lost", "election" for "elected",
// "win" for "won", "child" for "children". The answer must still be found, and an absent name still absent.

const source = (number: number, text: string): AnswerSource =>
  answerSource(number, text, { document_id: 'd', filename: 'history.md' })

const SOURCES = [
  source(
    1,
    'Temüjin united the Mongol clans around 1186. Soon after he was elected, Temüjin lost the Battle of ' +
      'Dalan Balzhut to Jamukha. Jamukha boiled seventy prisoners alive after the battle.',
  ),
  source(
    2,
    'The Mongol children learned to ride before they could walk. Riders won most battles by archery ' +
      'from horseback, and the army fought in units of ten.',
  ),
]

const answer = (question: string) => {
  const composed = composeAnswer({ question, sources: SOURCES, understanding: understandQuestion(question) })
  return { kind: composed.kind, text: composed.pieces.join('') }
}

describe('composeAnswer with word forms', () => {
  it('answers with the sentence that uses another form of the question’s words', () => {
    const { kind, text } = answer('Which battle did Temüjin lose after his election?')
    expect(kind).toBe('answer')
    expect(text).toContain('Temüjin lost the Battle of Dalan Balzhut to Jamukha')
  })

  it('meets an irregular verb and an irregular plural in their other forms', () => {
    const { kind, text } = answer('How did Mongol riders win battles?')
    expect(kind).toBe('answer')
    expect(text).toContain('Riders won most battles by archery')
    expect(answer('When did a Mongol child learn to ride?').text).toContain('The Mongol children learned')
  })

  it('never abstains for an instruction word the passages do not repeat', () => {
    const { kind, text } = answer(
      'Assume that you are a historian. Give a response by relying on the passages. ' +
        'Which battle did Temüjin lose to Jamukha?',
    )
    expect(kind).toBe('answer')
    expect(text).toContain('Battle of Dalan Balzhut')
  })

  it('still says "not in the documents" for a name no passage has in any form', () => {
    const { kind, text } = answer('Which battle did Temüjin lose to Toghrul?')
    expect(kind).toBe('none')
    expect(text).toContain('toghrul')
  })
})

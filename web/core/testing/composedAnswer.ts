import type { AnswerSource } from '../generate/AnswerGenerator'
import { composeAnswer } from '../generate/extractive/composeAnswer'
import { understandQuestion } from '../retrieve/understandQuestion'

/** For tests: the extractive answer to a question over passages, as its kind and the text a person reads. */
export function composedAnswer(question: string, sources: AnswerSource[]): { kind: string; text: string } {
  const composed = composeAnswer({ question, sources, understanding: understandQuestion(question) })
  return { kind: composed.kind, text: composed.pieces.join('') }
}

import { xquadQuestions as readXquadQuestions } from '../../web/core/testing/node/xquadQuestions'
import type { XquadQuestion } from '../../web/core/testing/node/xquadQuestions'
import { corpusFile } from './corpusFile'

export type { XquadQuestion }

const QUESTIONS = 632

/** The 632 xquad-en questions in file order; throws on a malformed line or another count. */
export async function xquadQuestions(): Promise<XquadQuestion[]> {
  const xquad = corpusFile('qa/xquad-en')
  const questions = readXquadQuestions(xquad)
  if (questions.length !== QUESTIONS) {
    throw new Error(`expected ${QUESTIONS} questions in ${xquad}/questions.jsonl, found ${questions.length}`)
  }
  return questions
}

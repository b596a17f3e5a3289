import { readFile } from 'node:fs/promises'
import { corpusFile } from './corpusFile'

/** One question of `qa/xquad-en/questions.jsonl`: any of `answers` found in a chunk makes it a hit. */
export interface XquadQuestion {
  id: string
  question: string
  answers: string[]
  /** The article it was asked of, relative to `qa/xquad-en` (`docs/00_Super_Bowl_50.md`). */
  doc: string
}

const QUESTIONS = 632

/** The 632 xquad-en questions in file order; throws on a malformed line or another count. */
export async function xquadQuestions(): Promise<XquadQuestion[]> {
  const path = corpusFile('qa/xquad-en/questions.jsonl')
  const questions = (await readFile(path, 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      const parsed = JSON.parse(line) as Partial<XquadQuestion>
      if (
        typeof parsed.question !== 'string' ||
        !Array.isArray(parsed.answers) ||
        parsed.answers.length === 0 ||
        !parsed.answers.every((answer) => typeof answer === 'string' && answer !== '')
      ) {
        throw new Error(`${path}:${i + 1}: not a question with answers`)
      }
      return {
        id: String(parsed.id ?? i + 1),
        question: parsed.question,
        answers: parsed.answers,
        doc: String(parsed.doc ?? ''),
      }
    })
  if (questions.length !== QUESTIONS) {
    throw new Error(`expected ${QUESTIONS} questions in ${path}, found ${questions.length}`)
  }
  return questions
}

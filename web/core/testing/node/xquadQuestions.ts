import { readFileSync } from 'node:fs'

/** One question of xquad-en's `questions.jsonl`: any of `answers` found in a passage makes it a hit. */
export interface XquadQuestion {
  id: string
  question: string
  answers: string[]
  /** The article it was asked of, relative to the xquad-en folder (`docs/00_Super_Bowl_50.md`). */
  doc: string
}

/** The questions of `<xquad>/questions.jsonl`, in file order; throws on a line that is not a question with answers. */
export function xquadQuestions(xquad: string): XquadQuestion[] {
  const path = `${xquad}/questions.jsonl`
  return readFileSync(path, 'utf8')
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
}

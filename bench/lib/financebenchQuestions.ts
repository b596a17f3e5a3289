import { readFile } from 'node:fs/promises'
import { corpusFile } from './corpusFile'

/** One analyst question of `qa/financebench-dev/questions.jsonl`, with its evidence pages. */
export interface FinancebenchQuestion {
  question: string
  /** The filing it is about, the PDF's name without `.pdf` (`AMCOR_2023_10K`). */
  doc: string
  /** Evidence pages as Quire numbers them: 1-indexed (the file's `evidence_page_num` is 0-indexed). */
  evidence: Array<{ doc: string; page: number }>
}

const QUESTIONS = 10

/** The 10 questions in file order; throws on a malformed line or another count. */
export async function financebenchQuestions(): Promise<FinancebenchQuestion[]> {
  const path = corpusFile('qa/financebench-dev/questions.jsonl')
  const questions = (await readFile(path, 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i): FinancebenchQuestion => {
      const parsed = JSON.parse(line) as {
        question?: unknown
        doc_name?: unknown
        evidence?: Array<{ doc_name?: unknown; evidence_page_num?: unknown }>
      }
      const evidence = (parsed.evidence ?? []).map((item) => ({
        doc: String(item.doc_name ?? parsed.doc_name),
        page: Number(item.evidence_page_num) + 1,
      }))
      if (
        typeof parsed.question !== 'string' ||
        typeof parsed.doc_name !== 'string' ||
        evidence.length === 0 ||
        !evidence.every(({ page }) => Number.isInteger(page) && page >= 1)
      ) {
        throw new Error(`${path}:${i + 1}: not a question with evidence pages`)
      }
      return { question: parsed.question, doc: parsed.doc_name, evidence }
    })
  if (questions.length !== QUESTIONS) {
    throw new Error(`expected ${QUESTIONS} questions in ${path}, found ${questions.length}`)
  }
  return questions
}

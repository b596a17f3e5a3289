import { readFile } from 'node:fs/promises'
import { corpusFile } from './corpusFile'

/** Which half of the questions a company's belong to (see `financebenchQuestions`). */
export type QuestionHalf = 'tune' | 'report'

/** One analyst question of `qa/financebench-dev/questions-all.jsonl`, with its evidence pages. */
export interface FinancebenchQuestion {
  question: string
  /** The company the question is about, as the file names it ("Best Buy"). */
  company: string
  /** The filing it is about, the PDF's name without `.pdf` (`AMCOR_2023_10K`). */
  doc: string
  /** Evidence pages as Quire numbers them: 1-indexed (the file's `evidence_page_num` is 0-indexed). */
  evidence: Array<{ doc: string; page: number }>
  half: QuestionHalf
}

/**
 * Every question in file order; throws on a malformed line or an empty file. The halves are fixed
 * by company, never by question, so that no company's filings are seen by both: the companies in
 * code-unit order ("CVS Health" before "Corning"), the 1st, 3rd, 5th... `tune` (methods and
 * constants are chosen on it), the others `report` (only reported).
 */
export async function financebenchQuestions(): Promise<FinancebenchQuestion[]> {
  const path = corpusFile('qa/financebench-dev/questions-all.jsonl')
  const parsed = (await readFile(path, 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      const item = JSON.parse(line) as {
        question?: unknown
        company?: unknown
        doc_name?: unknown
        evidence?: Array<{ doc_name?: unknown; evidence_page_num?: unknown }>
      }
      const evidence = (item.evidence ?? []).map((entry) => ({
        doc: String(entry.doc_name ?? item.doc_name),
        page: Number(entry.evidence_page_num) + 1,
      }))
      if (
        typeof item.question !== 'string' ||
        typeof item.company !== 'string' ||
        typeof item.doc_name !== 'string' ||
        evidence.length === 0 ||
        !evidence.every(({ page }) => Number.isInteger(page) && page >= 1)
      ) {
        throw new Error(`${path}:${i + 1}: not a question with a company and evidence pages`)
      }
      return { question: item.question, company: item.company, doc: item.doc_name, evidence }
    })
  if (parsed.length === 0) throw new Error(`${path}: no questions`)
  const companies = [...new Set(parsed.map(({ company }) => company))].sort()
  return parsed.map((question) => ({
    ...question,
    half: companies.indexOf(question.company) % 2 === 0 ? 'tune' : 'report',
  }))
}

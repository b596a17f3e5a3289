import { readFile } from 'node:fs/promises'
import { financebenchQuestions, type QuestionHalf } from '../lib/financebenchQuestions'
import { xquadQuestions } from '../lib/xquadQuestions'
import { naturalQuestions } from './naturalQuestions'

/** The three question sets of the answer benchmark. */
export type AnswerSet = 'xquad-en' | 'financebench-dev' | 'natural'

/**
 * One question and how its answer is judged. `figure`: the answer must contain `figure` (as printed,
 * digits compared without separators); `text`: it must contain one of `accept`; `absent`: the answer
 * is in no file, so the right answer is "not in the documents".
 */
export interface AnswerCase {
  set: AnswerSet
  id: string
  question: string
  /** The collection it is asked in: the whole material of its set, as a person keeps it. */
  collection: string
  half: QuestionHalf
  kind: 'figure' | 'text' | 'absent'
  accept: string[]
  figure?: string
  /** Where the answer is printed (filings), for reading a failure. */
  doc?: string
  page?: number
}

export const XQUAD_COLLECTION = 'xquad-en'
export const FILINGS_COLLECTION = 'financebench-dev'

/**
 * xquad-en: every question, judged by its gold spans; the halves alternate by article (sorted), so no
 * article is in both.
 */
export async function xquadCases(): Promise<AnswerCase[]> {
  const questions = await xquadQuestions()
  const articles = [...new Set(questions.map(({ doc }) => doc))].sort()
  return questions.map((question) => ({
    set: 'xquad-en',
    id: question.id,
    question: question.question,
    collection: XQUAD_COLLECTION,
    half: articles.indexOf(question.doc) % 2 === 0 ? 'tune' : 'report',
    kind: 'text',
    accept: question.answers,
  }))
}

/**
 * financebench-dev: the analyst questions whose gold answer holds a figure printed on an evidence page
 * (`printedFigure`); the halves are `financebenchQuestions`' (by company).
 */
export async function financebenchCases(
  pageText: (doc: string, page: number) => string | undefined,
): Promise<AnswerCase[]> {
  const questions = await financebenchQuestions()
  const answers = await financebenchAnswers()
  const cases: AnswerCase[] = []
  questions.forEach((question, i) => {
    const pages = question.evidence.map(({ doc, page }) => ({ doc, page, text: pageText(doc, page) ?? '' }))
    const figure = printedFigure(
      answers[i] ?? '',
      pages.map(({ text }) => text),
    )
    if (!figure) return
    const where = pages.find(({ text }) => containsFigure(text, figure))
    cases.push({
      set: 'financebench-dev',
      id: `fb-${i + 1}`,
      question: question.question,
      collection: FILINGS_COLLECTION,
      half: question.half,
      kind: 'figure',
      accept: [figure],
      figure,
      doc: where?.doc,
      page: where?.page,
    })
  })
  return cases
}

/** The natural questions written over the dev filings (`naturalQuestions.jsonl`). */
export async function naturalCases(): Promise<AnswerCase[]> {
  const companies = [...new Set((await financebenchQuestions()).map(({ company }) => company))].sort()
  return (await naturalQuestions()).map((item, i) => {
    const known = companies.indexOf(item.company)
    // A company not in the folder (an absent question) has no half of its own: alternate by line.
    const half: QuestionHalf = (known >= 0 ? known : i) % 2 === 0 ? 'tune' : 'report'
    const common = {
      set: 'natural' as const,
      id: item.id,
      question: item.question,
      collection: FILINGS_COLLECTION,
      half,
    }
    if (item.kind === 'absent') return { ...common, kind: 'absent', accept: [] }
    return {
      ...common,
      kind: item.kind === 'fact' ? 'text' : 'figure',
      accept: item.accept,
      ...(item.kind === 'figure' ? { figure: item.figure } : {}),
      doc: item.doc,
      page: item.page,
    }
  })
}

async function financebenchAnswers(): Promise<string[]> {
  const { corpusFile } = await import('../lib/corpusFile')
  const text = await readFile(corpusFile('qa/financebench-dev/questions-all.jsonl'), 'utf8')
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => String((JSON.parse(line) as { answer?: unknown }).answer ?? ''))
}

/** Numbers as a text prints them: "66,608", "(245)", "1.2", "0.69". Years and [n] marks included. */
const NUMBER = /(?<![\w.])\(?\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?|(?<![\w.,])\(?\$?\d+(?:\.\d+)?\)?(?![\w])/gu

/** The first figure of the gold answer that an evidence page prints, as printed there; null if none. */
export function printedFigure(answer: string, pages: readonly string[]): string | null {
  for (const match of answer.matchAll(NUMBER)) {
    const figure = bareNumber(match[0])
    if (!/[1-9]/u.test(figure) || isYear(figure)) continue
    if (pages.some((text) => containsFigure(text, figure))) return figure
  }
  return null
}

/** The digits and decimal point of a printed number: "$(1,234.5)" -> "1234.5". */
export function bareNumber(printed: string): string {
  return printed.replace(/[^\d.]/gu, '').replace(/\.$/u, '')
}

/** Whether `text` prints `figure` as a whole number (not inside a longer one), separators aside. */
export function containsFigure(text: string, figure: string): boolean {
  return [...text.matchAll(NUMBER)].some((match) => bareNumber(match[0]) === bareNumber(figure))
}

/** The first figure of an answer that is neither a year nor a citation mark, bare; null if none. */
export function firstFigure(answer: string): string | null {
  const withoutMarks = answer.replace(/\[\d+\]/gu, ' ')
  for (const match of withoutMarks.matchAll(NUMBER)) {
    const figure = bareNumber(match[0])
    if (figure === '' || isYear(figure)) continue
    return figure
  }
  return null
}

function isYear(figure: string): boolean {
  return /^(?:19|20)\d\d$/u.test(figure)
}

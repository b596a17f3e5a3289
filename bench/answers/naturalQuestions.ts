import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { parseQuestionLines } from './parseQuestionLines'

const text = z.string().trim().min(1)
const common = {
  id: z.string().regex(/^nq-\d{3}$/),
  /** As `questions-all.jsonl` names it ("Johnson & Johnson"); for `absent`, the company asked about. */
  company: text,
  question: text,
}
const onPage = {
  /** The filing, the PDF's name without `.pdf`. */
  doc: text,
  /** 1-indexed, as Quire numbers pages. */
  page: z.int().min(1),
  /** The answer counts as right when it contains one of these (case-insensitive). */
  accept: z.array(text).min(1),
  /** The line of the page that holds the answer (pdftotext -layout, whitespace runs made one space). */
  evidence: text,
}

const naturalQuestion = z.discriminatedUnion('kind', [
  z.strictObject({
    ...common,
    kind: z.literal('figure'),
    ...onPage,
    /** The number exactly as the page prints it ("66,608", "(245)", "18,992.8"). */
    figure: z.string().regex(/^\(?\d[\d,]*(\.\d+)?\)?$/),
    /** As the table's caption says: "millions", "thousands", "dollars per share", "employees"... */
    unit: text,
  }),
  z.strictObject({ ...common, kind: z.literal('fact'), ...onPage }),
  /** Answered in none of the filings: the right answer is "not in the documents". */
  z.strictObject({ ...common, kind: z.literal('absent') }),
])

/** One natural question of issue 38's answer benchmark over `qa/financebench-dev` (see README.md here). */
export type NaturalQuestion = z.infer<typeof naturalQuestion>

const DEFAULT_PATH = fileURLToPath(new URL('./naturalQuestions.jsonl', import.meta.url))

/** The questions of a JSONL text in order; throws naming the first line that is not a valid question. */
export function parseNaturalQuestions(jsonl: string, source = 'naturalQuestions.jsonl'): NaturalQuestion[] {
  return parseQuestionLines(jsonl, naturalQuestion, source)
}

/** The questions kept in `bench/answers/naturalQuestions.jsonl`. */
export async function naturalQuestions(path = DEFAULT_PATH): Promise<NaturalQuestion[]> {
  return parseNaturalQuestions(await readFile(path, 'utf8'), path)
}

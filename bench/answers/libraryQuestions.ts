import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { corpusFile } from '../lib/corpusFile'
import { parseQuestionLines } from './parseQuestionLines'

/** The folder of the mixed library: its README gives the fields and the grading rules. */
export const LIBRARY_DIR = 'qa/library-dev'

const text = z.string().trim().min(1)

/**
 * One row of `library-dev/questions.jsonl` (or of `libraryExtraQuestions.jsonl`, written in the same
 * form): `answer` holds alternatives (fact, definition, followup), key terms (summary) or items (list);
 * `doc` and `answer` are empty for `absent`; `first` names the turn a follow-up leans on.
 */
const libraryQuestion = z
  .strictObject({
    id: text,
    question: text,
    kind: z.enum(['fact', 'definition', 'summary', 'list', 'followup', 'absent']),
    doc: text.nullable(),
    answer: z.array(text),
    page: z.int().min(1).nullable(),
    evidence: z.string(),
    note: z.string(),
    split: z.enum(['tune', 'report']),
    first: text.nullable(),
  })
  .refine((row) => (row.kind === 'absent') === (row.doc === null), {
    message: 'doc is null exactly for absent questions',
  })
  .refine((row) => (row.kind === 'absent') === (row.answer.length === 0), {
    message: 'answer is empty exactly for absent questions',
  })
  .refine((row) => (row.kind === 'followup') === (row.first !== null), {
    message: 'first is set exactly for followup questions',
  })

export type LibraryQuestion = z.infer<typeof libraryQuestion>
export type LibraryKind = LibraryQuestion['kind']
export const LIBRARY_KINDS: readonly LibraryKind[] = [
  'fact',
  'definition',
  'summary',
  'list',
  'followup',
  'absent',
]

/**
 * The questions of a JSONL text in order; throws naming the first line that is not a valid question, a
 * repeated id, or a follow-up whose `first` is not an earlier-or-later row of the same text.
 */
export function parseLibraryQuestions(jsonl: string, source: string): LibraryQuestion[] {
  const questions = parseQuestionLines(jsonl, libraryQuestion, source)
  const ids = new Set<string>()
  for (const { id } of questions) {
    if (ids.has(id)) throw new Error(`${source}: id ${id} appears twice`)
    ids.add(id)
  }
  for (const { id, first } of questions) {
    if (first !== null && !ids.has(first))
      throw new Error(`${source}: ${id} follows ${first}, which is not in it`)
  }
  return questions
}

/** The library's own questions (`library-dev/questions.jsonl` of the shared corpus). */
export async function libraryQuestions(): Promise<LibraryQuestion[]> {
  const path = corpusFile(`${LIBRARY_DIR}/questions.jsonl`)
  return parseLibraryQuestions(await readFile(path, 'utf8'), path)
}

const EXTRA_PATH = fileURLToPath(new URL('./libraryExtraQuestions.jsonl', import.meta.url))

/** The questions kept in this repository beside the library (`libraryExtraQuestions.jsonl`). */
export async function libraryExtraQuestions(path = EXTRA_PATH): Promise<LibraryQuestion[]> {
  return parseLibraryQuestions(await readFile(path, 'utf8'), path)
}

const FOLDER_PATH = fileURLToPath(new URL('./folderQuestions.jsonl', import.meta.url))

/** The questions kept in this repository about the second mixed folder (`CORPUS_FOLDER`). */
export async function folderQuestions(path = FOLDER_PATH): Promise<LibraryQuestion[]> {
  return parseLibraryQuestions(await readFile(path, 'utf8'), path)
}

import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { corpusFile } from '../lib/corpusFile'
import { quirePdfPageTexts } from '../lib/quirePdfPageTexts'
import { serverIngest } from '../lib/serverIngest'
import { containsAnswer, holdsItem, holdsTerm } from './gradeLibraryAnswer'
import {
  LIBRARY_DIR,
  LIBRARY_KINDS,
  type LibraryQuestion,
  folderQuestions,
  libraryExtraQuestions,
  libraryQuestions,
  parseLibraryQuestions,
} from './libraryQuestions'
import { CORPUS_FOLDER_PATHS } from './answerFolder'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

const docsDir = corpusFile(`${LIBRARY_DIR}/docs`)
const flat = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[’‘]/gu, "'")
    .replace(/[“”]/gu, '"')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase()

const row = {
  id: 'x01',
  question: 'what do you call a male duck',
  kind: 'fact',
  doc: 'docling__wiki_duck.html',
  answer: ['drake'],
  page: null,
  evidence: 'A male is called a drake',
  note: '',
  split: 'tune',
  first: null,
}

describe('parseLibraryQuestions', () => {
  it('reads rows and refuses a bad one, naming its line', () => {
    expect(parseLibraryQuestions(JSON.stringify(row), 't')).toHaveLength(1)
    const absentWithDoc = { ...row, id: 'x02', kind: 'absent', answer: [] }
    const followupWithoutFirst = { ...row, id: 'x02', kind: 'followup' }
    const unknownKind = { ...row, id: 'x02', kind: 'opinion' }
    for (const bad of [absentWithDoc, followupWithoutFirst, unknownKind]) {
      expect(() => parseLibraryQuestions(`${JSON.stringify(row)}\n${JSON.stringify(bad)}`, 't')).toThrow(
        /t:2:/,
      )
    }
    expect(() => parseLibraryQuestions(`${JSON.stringify(row)}\n{`, 't')).toThrow(/t:2: not JSON/)
    expect(() => parseLibraryQuestions(`${JSON.stringify(row)}\n${JSON.stringify(row)}`, 't')).toThrow(
      /x01 appears twice/,
    )
    const orphan = { ...row, id: 'x02', kind: 'followup', first: 'x09' }
    expect(() => parseLibraryQuestions(`${JSON.stringify(row)}\n${JSON.stringify(orphan)}`, 't')).toThrow(
      /x02 follows x09/,
    )
  })
})

describe('libraryExtraQuestions.jsonl', () => {
  it('parses, with ids of its own and every kind', async () => {
    const extra = await libraryExtraQuestions()
    expect(extra.length).toBeGreaterThanOrEqual(15)
    expect(extra.every(({ id }) => /^x\d{2}$/u.test(id))).toBe(true)
    expect(new Set(extra.map(({ kind }) => kind))).toEqual(new Set(LIBRARY_KINDS))
  })

  describe.skipIf(!existsSync(docsDir))('on the library', () => {
    it('asks about library files, each in the split the library gives that file', async () => {
      const splitOf = new Map((await libraryQuestions()).map(({ doc, split }) => [doc, split]))
      for (const { id, doc, split } of await libraryExtraQuestions()) {
        if (doc === null) continue
        expect(existsSync(`${docsDir}/${doc}`), id).toBe(true)
        expect(splitOf.get(doc), id).toBe(split)
      }
    })

    it(
      'finds each evidence and answer in the file as Quire reads it (on its page for a PDF)',
      async () => {
        const problems = await answerProblems(await libraryExtraQuestions(), (doc) => `${docsDir}/${doc}`)
        expect(problems).toEqual([])
      },
      scaledTimeout(120_000),
    )
  })
})

describe('folderQuestions.jsonl', () => {
  const pathOf = new Map(CORPUS_FOLDER_PATHS.map((path) => [path.split('/').at(-1)!, corpusFile(path)]))

  it('parses, with ids of its own and every kind, each about a file of the folder', async () => {
    const questions = await folderQuestions()
    expect(questions.length).toBeGreaterThanOrEqual(20)
    expect(questions.every(({ id }) => /^c\d{2}$/u.test(id))).toBe(true)
    expect(new Set(questions.map(({ kind }) => kind))).toEqual(new Set(LIBRARY_KINDS))
    for (const { id, doc } of questions) if (doc !== null) expect(pathOf.has(doc), id).toBe(true)
  })

  it.skipIf(!existsSync(corpusFile(CORPUS_FOLDER_PATHS[0]!)))(
    'finds each evidence and answer in the file as Quire reads it (on its page for a PDF)',
    async () => {
      const problems = await answerProblems(await folderQuestions(), (doc) => pathOf.get(doc)!)
      expect(problems).toEqual([])
    },
    scaledTimeout(120_000),
  )
})

/** What of each question's evidence and answer is not in its file as Quire reads it (a PDF: its page). */
async function answerProblems(
  questions: readonly LibraryQuestion[],
  pathOf: (doc: string) => string,
): Promise<string[]> {
  const byDoc = new Map<string, LibraryQuestion[]>()
  for (const q of questions) {
    if (q.doc !== null) byDoc.set(q.doc, [...(byDoc.get(q.doc) ?? []), q])
  }
  const problems: string[] = []
  for (const [doc, asked] of byDoc) {
    const bytes = new Uint8Array(await readFile(pathOf(doc)))
    const pages = doc.endsWith('.pdf')
      ? await quirePdfPageTexts(
          bytes,
          asked.map(({ id, page }) => {
            if (page === null) throw new Error(`${id}: a PDF question needs its page`)
            return page
          }),
        )
      : null
    const whole = pages ? null : (await serverIngest(bytes, doc)).text
    for (const q of asked) {
      const text = pages ? pages.get(q.page!)! : whole!
      if (!flat(text).includes(flat(q.evidence))) problems.push(`${q.id}: evidence not in ${doc}`)
      const found =
        q.kind === 'summary'
          ? q.answer.every((term) => holdsTerm(text, term))
          : q.kind === 'list'
            ? q.answer.filter((item) => holdsItem(text, item)).length === q.answer.length
            : q.answer.some((answer) => containsAnswer(text, answer))
      if (!found) problems.push(`${q.id}: answer not in ${doc}`)
    }
  }
  return problems
}

import { writeFile } from 'node:fs/promises'
import type { SourceDocument } from '../../web/core/chat/SourceDocument'
import type { BenchLine, LineReporter } from '../lib/BenchLine'
import { median } from '../lib/median'
import { percentile } from '../lib/percentile'
import { round } from '../lib/round'
import { type AnswerFolder, CORPUS_FOLDER, LIBRARY_FOLDER } from './answerFolder'
import { libraryChat } from './libraryChat'
import { gradeLibraryAnswer, type LibraryGrade } from './gradeLibraryAnswer'
import {
  LIBRARY_KINDS,
  type LibraryKind,
  type LibraryQuestion,
  folderQuestions,
  libraryExtraQuestions,
  libraryQuestions,
} from './libraryQuestions'

/**
 * The mixed folders' question sets: the library's own (`library-dev`), the ones kept here about it
 * (`library-extra`), and those kept here about a second folder of other corpus files (`corpus-folder`).
 */
export type LibrarySet = 'library-dev' | 'library-extra' | 'corpus-folder'
export const LIBRARY_SETS: readonly LibrarySet[] = ['library-dev', 'library-extra', 'corpus-folder']

const SETS: Record<LibrarySet, { folder: AnswerFolder; questions: () => Promise<LibraryQuestion[]> }> = {
  'library-dev': { folder: LIBRARY_FOLDER, questions: libraryQuestions },
  'library-extra': { folder: LIBRARY_FOLDER, questions: () => libraryExtraQuestions() },
  'corpus-folder': { folder: CORPUS_FOLDER, questions: () => folderQuestions() },
}

export interface LibraryLine extends BenchLine {
  set: LibrarySet
  half: 'tune' | 'report' | 'all'
  kind: LibraryKind | 'all'
  questions: number
  /** Share right by the library README's rules (`gradeLibraryAnswer`); for absent, refused. */
  right: number | null
  /** Answerable questions answered with a refusal (`isRefusal`). */
  false_refusal: number | null
  /** Absent questions answered with a refusal. */
  right_refusal: number | null
  median_words: number
  /** Answerable questions whose first source (`source_documents[0]`) is the gold document. */
  first_source_right: number | null
  /** Answerable questions whose first cited source ([n]) is the gold document. */
  first_cited_right: number | null
  answer_p50_ms: number
  answer_p95_ms: number
}

/** The issue's bars on the report half of library-dev: shown beside the figures, not enforced. */
const BARS: ReadonlyArray<{
  kinds: readonly LibraryKind[]
  what: string
  field: keyof LibraryLine
  min?: number
  max?: number
}> = [
  { kinds: ['fact', 'definition', 'list'], what: 'fact, definition, list right', field: 'right', min: 0.75 },
  { kinds: ['summary'], what: 'summary right', field: 'right', min: 0.6 },
  { kinds: ['followup'], what: 'followup right', field: 'right', min: 0.7 },
  { kinds: ['absent'], what: 'absent refused', field: 'right_refusal', min: 0.85 },
  { kinds: [], what: 'false refusal', field: 'false_refusal', max: 0.03 },
  { kinds: [], what: 'first source right document', field: 'first_source_right', min: 0.9 },
]

interface Asked {
  set: LibrarySet
  question: LibraryQuestion
  /** For a follow-up, the first turn's question, asked before it in the same chat. */
  firstTurn: LibraryQuestion | null
  reply: string
  sources: SourceDocument[]
  grade: LibraryGrade
  ms: number
}

/**
 * The mixed folders: each one's files ingested into one collection (`ingestLibrary`, `ingestFolder`), every question asked
 * as a person asks it in chat (`runChatTurn` with the extractive answerer, a new chat for each; a
 * follow-up asked after its first turn in the same chat) and graded by the README's rules
 * (`gradeLibraryAnswer`). One line per set, half and kind (and all kinds), then a table. The report half
 * is read, not tuned on: ANSWERS_SHOW lists the replies of the tune half only, and ANSWERS_DETAILS
 * (a file path) gets the tune half's replies with their first passages as JSON.
 */
export async function measureLibrary(
  reporter: LineReporter<LibraryLine>,
  options: { sets: readonly LibrarySet[]; topK: number },
): Promise<LibraryLine[]> {
  const chats = new Map<AnswerFolder, Awaited<ReturnType<typeof libraryChat>>>()
  const asked: Asked[] = []
  for (const set of options.sets) {
    const { folder, questions: read } = SETS[set]
    const chat = chats.get(folder) ?? (await libraryChat(reporter.progress, options.topK, folder))
    chats.set(folder, chat)
    const { documents, newSession, ask } = chat
    const questions = await read()
    const byId = new Map(questions.map((question) => [question.id, question]))
    reporter.progress(`answers: ${set}: ${questions.length} questions over ${documents} documents`)
    for (const question of questions) {
      const session = await newSession()
      const firstTurn = question.first === null ? null : byId.get(question.first)!
      if (firstTurn) await ask(session, firstTurn.question)
      const { reply, sources, ms } = await ask(session, question.question)
      asked.push({
        set,
        question,
        firstTurn,
        reply,
        sources,
        ms,
        grade: gradeLibraryAnswer(question, reply, sources),
      })
    }
  }
  await show(asked, reporter.progress)

  const lines: LibraryLine[] = []
  for (const set of options.sets) {
    for (const half of ['tune', 'report', 'all'] as const) {
      for (const kind of [...LIBRARY_KINDS, 'all'] as const) {
        const kept = asked.filter(
          (item) =>
            item.set === set &&
            (half === 'all' || item.question.split === half) &&
            (kind === 'all' || item.question.kind === kind),
        )
        if (kept.length === 0) continue
        const line = summarise(set, half, kind, kept)
        reporter.emit(line)
        lines.push(line)
      }
    }
  }
  reporter.progress(table(lines))
  const report = asked.filter((item) => item.set === 'library-dev' && item.question.split === 'report')
  if (report.length > 0) reporter.progress(bars(report))
  return lines
}

async function show(asked: readonly Asked[], progress: (message: string) => void): Promise<void> {
  const tune = asked.filter(({ question }) => question.split === 'tune')
  const only = process.env.ANSWERS_SHOW
  if (only && (only === 'wrong' || 'library'.startsWith(only) || only.startsWith('library'))) {
    for (const { set, question, firstTurn, reply, grade } of tune) {
      if (only === 'wrong' && grade.right) continue
      const verdict = grade.right ? 'RIGHT' : grade.refused ? 'REFUSED' : 'WRONG'
      progress(
        `${verdict} ${set} ${question.id} ${question.kind}: ${firstTurn ? `${firstTurn.question} → ` : ''}${question.question}\n` +
          `  want ${question.kind === 'absent' ? '(not in the documents)' : JSON.stringify(question.answer)}` +
          `${question.doc ? ` in ${question.doc}${question.page ? ` p${question.page}` : ''}` : ''}` +
          `${grade.held ? ` (held ${grade.held.found}/${grade.held.of}, ${grade.words} words)` : ''}\n` +
          `  got  ${reply.replace(/\s+/gu, ' ').slice(0, 500)}`,
      )
    }
  }
  const path = process.env.ANSWERS_DETAILS
  if (path) {
    const details = tune.map(({ set, question, firstTurn, reply, sources, grade, ms }) => ({
      set,
      id: question.id,
      kind: question.kind,
      question: question.question,
      first_turn: firstTurn?.question ?? null,
      gold: question.answer,
      doc: question.doc,
      page: question.page,
      reply,
      grade,
      ms: round(ms, 1),
      sources: sources.map(({ number, filename, page, heading, content }) => ({
        number,
        filename,
        page,
        heading,
        content,
      })),
    }))
    await writeFile(path, `${details.map((row) => JSON.stringify(row)).join('\n')}\n`)
    progress(`answers: the tune half's replies and passages are in ${path}`)
  }
}

function summarise(
  set: LibrarySet,
  half: LibraryLine['half'],
  kind: LibraryLine['kind'],
  asked: readonly Asked[],
): LibraryLine {
  const answerable = asked.filter(({ question }) => question.kind !== 'absent')
  const absent = asked.filter(({ question }) => question.kind === 'absent')
  const share = (items: readonly Asked[], test: (item: Asked) => boolean) =>
    items.length === 0 ? null : round(items.filter(test).length / items.length, 3)
  const times = asked.map(({ ms }) => ms).sort((a, b) => a - b)
  return {
    benchmark: 'answers',
    case: `${set} ${half} ${kind}`,
    set,
    half,
    kind,
    questions: asked.length,
    right: share(asked, ({ grade }) => grade.right),
    false_refusal: share(answerable, ({ grade }) => grade.refused),
    right_refusal: share(absent, ({ grade }) => grade.refused),
    median_words: median(asked.map(({ grade }) => grade.words)),
    first_source_right: share(answerable, ({ grade }) => grade.firstSourceRight === true),
    first_cited_right: share(answerable, ({ grade }) => grade.firstCitedRight === true),
    answer_p50_ms: round(percentile(times, 50), 1),
    answer_p95_ms: round(percentile(times, 95), 1),
    node: process.version,
    date: new Date().toISOString(),
  }
}

function table(lines: readonly LibraryLine[]): string {
  const head =
    'set            half    kind        n    right  falseRef  rightRef  words  src1st  cite1st  p50ms   p95ms'
  const cell = (value: number | null, width: number) => (value === null ? '-' : String(value)).padEnd(width)
  return [
    head,
    ...lines.map(
      (line) =>
        `${line.set.padEnd(15)}${line.half.padEnd(8)}${line.kind.padEnd(12)}${String(line.questions).padEnd(5)}` +
        `${cell(line.right, 7)}${cell(line.false_refusal, 10)}${cell(line.right_refusal, 10)}` +
        `${cell(line.median_words, 7)}${cell(line.first_source_right, 8)}${cell(line.first_cited_right, 9)}` +
        `${cell(line.answer_p50_ms, 8)}${cell(line.answer_p95_ms, 8)}`,
    ),
  ].join('\n')
}

/** The report half of library-dev against the issue's bars, one line each. */
function bars(report: readonly Asked[]): string {
  return BARS.map(({ kinds, what, field, min, max }) => {
    const kept = kinds.length === 0 ? report : report.filter(({ question }) => kinds.includes(question.kind))
    const value = summarise('library-dev', 'report', 'all', kept)[field] as number | null
    const bound = min !== undefined ? `>= ${min}` : `<= ${max}`
    const meets = value !== null && (min !== undefined ? value >= min : value <= (max ?? 1))
    return `library-dev report ${what}: ${value ?? '-'} (bar ${bound}) ${meets ? 'meets' : 'BELOW THE BAR'}`
  }).join('\n')
}

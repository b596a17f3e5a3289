import { extractiveAnswer } from '../web/core/generate/extractiveGenerator'
import { isNoAnswer } from '../web/core/generate/extractive/answerWording'
import type { SearchChunksPorts } from '../web/core/retrieve/searchChunks'
import { type AnswerCase, type AnswerSet, containsFigure, firstFigure } from './answers/answerCases'
import { answerCorpus, answerRequest, TOP_K } from './answers/answerCorpus'
import { LIBRARY_SETS, type LibraryLine, measureLibrary } from './answers/measureLibrary'
import { selectedAnswerSets } from './answers/selectedAnswerSets'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { lineBenchmark } from './lib/lineBenchmark'
import { median } from './lib/median'
import { percentile } from './lib/percentile'
import { round } from './lib/round'

const NAME = 'answers'
/** The issue's bar: more false "not in the documents" than this on any set fails the benchmark. */
export const MAX_FALSE_ABSTENTION = 0.05

export interface AnswersLine extends BenchLine {
  set: AnswerSet
  half: 'tune' | 'report' | 'all'
  questions: number
  /** Answerable questions whose answer holds the gold span / figure / accepted text. */
  right: number | null
  /** Figure questions whose answer's first figure (years and [n] aside) is the asked one. */
  figure_first: number | null
  /** Answerable questions answered "not in the documents". */
  false_abstention: number | null
  /** Questions with no answer in the folder answered "not in the documents". */
  right_abstention: number | null
  median_words: number
  answer_p50_ms: number
  answer_p95_ms: number
}

interface Judged {
  item: AnswerCase
  answer: string
  right: boolean
  figureFirst: boolean
  abstained: boolean
  words: number
  ms: number
}

/**
 * What a person reads: every question of each set asked in the collection that holds the whole
 * material (the 24 articles; the 38 filings; the 31 files of the mixed library), answered as chat
 * answers it with no model (the same `findSources` and the extractive answerer; the library through
 * `runChatTurn`, follow-ups in the chat of their first turn), and judged on the answer text. One line
 * per set and half (tune: where methods are chosen; report: only reported) and for all (the library:
 * also per kind, `measureLibrary`); ANSWERS_SETS picks sets (`selectedAnswerSets`). Throws after
 * emitting when false abstention is above MAX_FALSE_ABSTENTION on xquad-en, financebench-dev or
 * natural; the library's bars are printed beside its figures, not enforced.
 */
export async function measureAnswers(
  reporter: LineReporter<AnswersLine | LibraryLine>,
): Promise<Array<AnswersLine | LibraryLine>> {
  const sets = selectedAnswerSets(process.env.ANSWERS_SETS)
  const lines: Array<AnswersLine | LibraryLine> = []
  const mine: AnswersLine[] = []
  if (sets.has('xquad-en') || sets.has('financebench-dev') || sets.has('natural')) {
    const { ports, cases, documents } = await answerCorpus(sets, reporter.progress)
    reporter.progress(`${NAME}: ${cases.length} questions over ${documents} documents`)
    const judged: Judged[] = []
    for (const item of cases) judged.push(await judge(ports, item))
    const only = process.env.ANSWERS_SHOW
    for (const { item, answer, right, abstained } of judged) {
      if (only && (only === 'wrong' ? right && !abstained : !item.set.startsWith(only))) continue
      reporter.progress(
        `${right ? 'RIGHT' : abstained ? 'ABSTAIN' : 'WRONG'} ${item.set} ${item.half} ${item.id}: ${item.question}\n` +
          `  want ${item.kind === 'absent' ? '(not in the documents)' : JSON.stringify(item.accept.slice(0, 3))}` +
          `${item.doc ? ` on ${item.doc} p${item.page}` : ''}\n  got  ${answer.slice(0, 400)}`,
      )
    }
    for (const set of ['xquad-en', 'financebench-dev', 'natural'] as const) {
      for (const half of ['tune', 'report', 'all'] as const) {
        const kept = judged.filter(({ item }) => item.set === set && (half === 'all' || item.half === half))
        if (kept.length === 0) continue
        const line = summarise(set, half, kept)
        reporter.emit(line)
        mine.push(line)
      }
    }
    reporter.progress(table(mine))
    lines.push(...mine)
  }
  const library = LIBRARY_SETS.filter((set) => sets.has(set))
  if (library.length > 0) lines.push(...(await measureLibrary(reporter, { sets: library, topK: TOP_K })))
  const problems = mine
    .filter((line) => line.half === 'all' && (line.false_abstention ?? 0) > MAX_FALSE_ABSTENTION)
    .map(
      (line) =>
        `${line.set}: false "not in the documents" ${line.false_abstention} > ${MAX_FALSE_ABSTENTION}`,
    )
  if (problems.length > 0) throw new Error(`${NAME}: ${problems.join('; ')}`)
  return lines
}

async function judge(ports: SearchChunksPorts, item: AnswerCase): Promise<Judged> {
  const started = performance.now()
  const answer = extractiveAnswer(await answerRequest(ports, item))
  const ms = performance.now() - started
  const abstained = isNoAnswer(answer)
  const text = answer.replace(/\s+/gu, ' ').toLowerCase()
  const right =
    item.kind === 'absent'
      ? abstained
      : item.kind === 'figure' && item.figure
        ? containsFigure(answer, item.figure)
        : item.accept.some((accepted) => text.includes(accepted.replace(/\s+/gu, ' ').toLowerCase()))
  const first = firstFigure(answer)
  const figureFirst =
    item.kind === 'figure' &&
    item.figure !== undefined &&
    first !== null &&
    containsFigure(first, item.figure)
  const words = answer
    .replace(/\[\d+\]/gu, ' ')
    .split(/\s+/u)
    .filter(Boolean).length
  return { item, answer, right, figureFirst, abstained, words, ms }
}

function summarise(set: AnswerSet, half: AnswersLine['half'], judged: readonly Judged[]): AnswersLine {
  const answerable = judged.filter(({ item }) => item.kind !== 'absent')
  const absent = judged.filter(({ item }) => item.kind === 'absent')
  const figures = judged.filter(({ item }) => item.kind === 'figure')
  const share = (items: readonly Judged[], test: (item: Judged) => boolean) =>
    items.length === 0 ? null : round(items.filter(test).length / items.length, 3)
  const times = judged.map(({ ms }) => ms).sort((a, b) => a - b)
  return {
    benchmark: NAME,
    case: `${set} ${half}`,
    set,
    half,
    questions: judged.length,
    right: share(answerable, ({ right }) => right),
    figure_first: share(figures, ({ figureFirst }) => figureFirst),
    false_abstention: share(answerable, ({ abstained }) => abstained),
    right_abstention: share(absent, ({ abstained }) => abstained),
    median_words: median(judged.map(({ words }) => words)),
    answer_p50_ms: round(percentile(times, 50), 1),
    answer_p95_ms: round(percentile(times, 95), 1),
    node: process.version,
    date: new Date().toISOString(),
  }
}

function table(lines: readonly AnswersLine[]): string {
  const head = 'set              half    n    right  fig1st  falseAbst  rightAbst  words  p50ms  p95ms'
  const cell = (value: number | null, width: number) => (value === null ? '-' : String(value)).padEnd(width)
  return [
    head,
    ...lines.map(
      (line) =>
        `${line.set.padEnd(17)}${line.half.padEnd(8)}${String(line.questions).padEnd(5)}${cell(line.right, 7)}` +
        `${cell(line.figure_first, 8)}${cell(line.false_abstention, 11)}${cell(line.right_abstention, 11)}` +
        `${cell(line.median_words, 7)}${cell(line.answer_p50_ms, 7)}${cell(line.answer_p95_ms, 7)}`,
    ),
  ].join('\n')
}

export const answers = lineBenchmark(NAME, measureAnswers)

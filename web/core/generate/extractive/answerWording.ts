import { periodYears } from '../../retrieve/questionPeriods'
import type { QuestionUnderstanding } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import type { TableFigure } from './tableFigures'
import { UNSPACED_SCRIPT } from './unspacedScript'

/** How every "not in the documents" answer opens: what a reader (and the answer benchmark) tells it by. */
export const NO_ANSWER_OPENING = 'The documents do not contain the answer'
const NO_SOURCES_OPENING = 'No documents matched this question'

/** Whether an extractive answer says the documents do not hold the answer (or nothing matched at all). */
export function isNoAnswer(text: string): boolean {
  return text.startsWith(NO_ANSWER_OPENING) || text.startsWith(NO_SOURCES_OPENING)
}

/** The answer when retrieval found nothing: no passage, nothing to quote. */
export function noSourcesText(): string {
  return (
    `${NO_SOURCES_OPENING}, so there is nothing to answer from. ` +
    'Try other words, or check that the collection has documents that finished processing.'
  )
}

/**
 * The answer when the passages found do not answer the question. It says what was searched (how many
 * passages, from which files) and, where some of the question's words occur in none of them, which,
 * so the person can tell a missing topic from a question worded differently from the documents.
 */
export function noAnswerText(sources: readonly AnswerSource[], missing: readonly string[]): string {
  const why =
    missing.length > 0
      ? `, and ${sources.length === 1 ? 'it does not mention' : 'none of them mentions'} ${quoteList(joinBigrams(missing).slice(0, 5))}.`
      : `, but no sentence in ${sources.length === 1 ? 'it' : 'them'} answers it.`
  return `${NO_ANSWER_OPENING} to this question. ${searched(sources)}${why}`
}

/** What was searched: how many passages, from which files. */
function searched(sources: readonly AnswerSource[]): string {
  const passages = sources.length === 1 ? 'the one passage' : `the ${sources.length} passages`
  return `I searched ${passages} that best matched the question, from ${listFiles(sources)}`
}

/**
 * The answer when the question asks for a figure of a year after every passage's document (by its
 * dated file name: `mayStateYear`): the year is printed there, but as a maturity or a target.
 */
export function laterThanReportedText(
  sources: readonly AnswerSource[],
  understanding: QuestionUnderstanding,
): string {
  const earliest = periodYears(understanding.periods).sort()[0] ?? 'the one asked'
  const files =
    new Set(sources.map(({ filename }) => filename)).size === 1 ? 'that file reports' : 'those files report'
  return `${NO_ANSWER_OPENING} to this question. ${searched(sources)}, and ${files} on years before ${earliest}.`
}

/**
 * Search terms of unspaced scripts are overlapping character bigrams ("火星", "星上", "上有"); shown
 * to a person they read better joined back into the run they came from ("火星上有").
 */
function joinBigrams(terms: readonly string[]): string[] {
  const shown: string[] = []
  for (const term of terms) {
    const last = shown.at(-1)
    const characters = [...term]
    if (
      last !== undefined &&
      characters.length === 2 &&
      [...last].at(-1) === characters[0] &&
      UNSPACED_SCRIPT.test(term)
    ) {
      shown[shown.length - 1] = last + characters[1]
    } else {
      shown.push(term)
    }
  }
  return shown
}

function listFiles(sources: readonly AnswerSource[]): string {
  const files = [...new Set(sources.map((source) => source.filename))]
  if (files.length <= 3) return joinWords(files)
  return `${files.slice(0, 3).join(', ')} and ${files.length - 3} more ${files.length - 3 === 1 ? 'file' : 'files'}`
}

function quoteList(words: readonly string[]): string {
  return joinWords(
    words.map((word) => `“${word}”`),
    'or',
  )
}

function joinWords(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`
}

/** How an answer from the closest sentences opens: the question is matched only in part. */
export const CLOSEST_OPENING = 'The closest passages say:'

/** The closest sentences, said to be such, so a person reads them as evidence to judge, not as the answer. */
export function closestText(quoted: readonly string[]): string[] {
  return [`${CLOSEST_OPENING} `, ...quoted]
}

/**
 * A figure as people read it: the row and the period, the value with its unit, its [n], then the row
 * it was read from as evidence ("Total revenues, 2022: $66,608 million [1]. From the row: ...").
 * Where the question asks for another scale ("in USD billions"), the value in that scale follows.
 */
export function figureText(figure: TableFigure, understanding: QuestionUnderstanding): string[] {
  const period = figure.header !== '' ? `, ${figure.header}` : ''
  const unit = figure.unit ? ` ${figure.unit.replace(/s$/u, '')}` : ''
  const scaled = rescaled(figure, understanding)
  const stated = `${figure.label}${period}: ${figure.value}${unit}${scaled ? ` (${scaled})` : ''} [${figure.source}]`
  const headers = figure.headerRow !== '' ? ` (${figure.headerRow})` : ''
  return [stated, `. From the row: ${figure.row}${headers}.`]
}

const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 }

/** The value in the scale the question asks for, when it names another one than the table's. */
function rescaled(figure: TableFigure, understanding: QuestionUnderstanding): string | null {
  const asked = understanding.unit?.toLowerCase().match(/thousand|million|billion|trillion/u)?.[0]
  const table = figure.unit?.toLowerCase().match(/thousand|million|billion|trillion/u)?.[0]
  if (!asked || !table || asked === table) return null
  const negative = /\(|[-–]/u.test(figure.value)
  const number = Number(figure.value.replace(/[^\d.]/gu, ''))
  if (!Number.isFinite(number)) return null
  const value = (number * SCALES[table]!) / SCALES[asked]!
  const decimals = understanding.decimals ?? (value >= 100 ? 0 : value >= 1 ? 1 : 3)
  const currency = /[$€£¥]/u.exec(figure.value)?.[0] ?? ''
  return `${negative ? '-' : ''}${currency}${value.toFixed(decimals)} ${asked}`
}

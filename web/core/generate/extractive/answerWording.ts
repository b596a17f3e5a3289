import { periodYears } from '../../retrieve/questionPeriods'
import type { QuestionUnderstanding } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import type { TableFigure } from './tableFigures'
import { UNSPACED_SCRIPT } from './unspacedScript'

/**
 * How every "not in the documents" answer opens: "The documents do not say how long ducks live." (or,
 * for a question that reads as no clause, "The documents do not answer “…”."). What a reader, the
 * answer benchmark and `isNoAnswer` tell it by.
 */
export const NO_ANSWER_OPENING = 'The documents do not '
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
 * The answer when the passages found do not answer the question. It opens with what was not found, in
 * the question's own terms (`notFoundSentence`), says what was searched (how many passages, from which
 * files) and, where some of the question's words occur in none of them, which, so the person can tell a
 * missing topic from a question worded differently from the documents.
 */
export function noAnswerText(sources: readonly AnswerSource[], missing: readonly string[], ask = ''): string {
  const why =
    missing.length > 0
      ? `, and ${sources.length === 1 ? 'it does not mention' : 'none of them mentions'} ${quoteList(joinBigrams(missing).slice(0, 5))}.`
      : '.'
  return `${notFoundSentence(ask)} ${searched(sources)}${why}`
}

/** How the closest passages are shown under a "not found": evidence to judge, under its own label. */
export const CLOSEST_LABEL = 'Closest passages:'

/** "Not found", then the closest sentences under their own label. */
export function notFoundWithClosest(
  sources: readonly AnswerSource[],
  missing: readonly string[],
  ask: string,
  closest: readonly string[],
): string[] {
  const opening = noAnswerText(sources, missing, ask)
  return closest.length > 0 ? [opening, `\n\n${CLOSEST_LABEL} `, ...closest] : [opening]
}

/**
 * "The documents do not say how long ducks live." The ask turned into the clause a reply names it by:
 * "how long do ducks live" reads "how long ducks live", "what is a pecten" reads "what a pecten is".
 * "who won the cup" reads as it is. An ask of another shape (keywords, "does", "did") is quoted as
 * typed. English word order; in other languages the ask is quoted.
 */
export function notFoundSentence(ask: string): string {
  const text = ask
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[?.!]+$/u, '')
    .trim()
  if (text === '') return `${NO_ANSWER_OPENING}contain the answer to this question.`
  const lowered = text
    .replace(/^\p{Lu}(?=\p{Ll})/u, (first) => first.toLowerCase())
    // "who's the project director": who is.
    .replace(/^(what|who|where|when|why|how)['’]s\b/u, '$1 is')
  // "how do i ocr a pdf": how to ocr a pdf.
  const howTo = /^how\s+(?:do|can|should)\s+(?:i|we|you)\s+(.+)$/u.exec(lowered)
  if (howTo) return `${NO_ANSWER_OPENING}say how to ${howTo[1]}.`
  const withDo = INDIRECT_DO.exec(lowered)
  if (withDo) return `${NO_ANSWER_OPENING}say ${withDo[1]}${withDo[2] ?? ''} ${withDo[3]}.`
  const withBe = INDIRECT_BE.exec(lowered)
  // "how many interceptions are the Panthers credited with": a passive reads wrong turned round.
  if (withBe && !PARTICIPLE.test(withBe[4] ?? '')) {
    // "what university are they from": what university they are from.
    const [, subject, preposition] =
      /^(.+?)(\s+(?:from|with|for|about|in|on|at|to|of|by|like|under|over|into|after|before|through|against|near))?$/u.exec(
        withBe[4]!,
      )!
    return `${NO_ANSWER_OPENING}say ${withBe[1]}${withBe[2] ?? ''} ${subject} ${withBe[3]}${preposition ?? ''}.`
  }
  // "who won the 2022 World Cup": a question about its subject reads as the clause it is.
  if (
    /^who\s+(?!(?:do|does|did|is|are|was|were|has|have|had|can|could|will|would|should|may|might)\b)\p{L}/u.test(
      lowered,
    )
  )
    return `${NO_ANSWER_OPENING}say ${lowered}.`
  return `${NO_ANSWER_OPENING}answer “${text}”.`
}

const WH = '(what|which|who|whom|whose|when|where|why|how(?:\\s+(?:many|much|long|often|far|old))?)'
/** "how long do ducks live": the "do" goes, the rest keeps its order. */
const INDIRECT_DO = new RegExp(`^${WH}((?:\\s+[\\p{L}\\p{N}'’-]+){0,3}?)\\s+do\\s+(.+)$`, 'u')
const PARTICIPLE = /\b\p{L}+ed\b|\b(?:known|given|taken|seen|done|made|built|held|found|shown|written)\b/u
/** "what is a pecten": the verb goes after its subject. */
const INDIRECT_BE = new RegExp(`^${WH}((?:\\s+[\\p{L}\\p{N}'’-]+){0,3}?)\\s+(is|are|was|were)\\s+(.+)$`, 'u')

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
  return `${notFoundSentence(understanding.ask)} ${searched(sources)}, and ${files} on years before ${earliest}.`
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

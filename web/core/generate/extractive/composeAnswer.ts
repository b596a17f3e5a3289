import { periodYears } from '../../retrieve/questionPeriods'
import {
  QUESTION_SHAPE,
  type QuestionUnderstanding,
  understandQuestion,
} from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { closestText, figureText, laterThanReportedText, noAnswerText, noSourcesText } from './answerWording'
import { candidateSentences } from './candidateSentences'
import { chooseFigure } from './chooseFigure'
import { definitionQuestion } from './definitionQuestion'
import { roleHolderLine } from './nameBesideRole'
import { clipSentence, pickAnswer } from './pickAnswer'
import { mayStateYear } from './mayStateYear'
import { scoreSentences, type ScoredSentence } from './scoreSentences'
import { sourceMentions } from './sourceMentions'
import { tableFigures } from './tableFigures'

/**
 * What the extractive answerer says, and which kind of answer it is: `answer` (a figure or sentences
 * that answer), `closest` (the question is matched only in part: the closest sentences, said to be
 * such), `none` (the documents do not hold it; the passages searched are named).
 */
export interface ComposedAnswer {
  kind: 'answer' | 'closest' | 'none'
  /** The answer in pieces to stream, in order: the first is ready as soon as it is chosen. */
  pieces: string[]
}

export interface ComposeRequest {
  question: string
  sources: readonly AnswerSource[]
  /** The question as search read it (with the collection's defined terms); read here when absent. */
  understanding?: QuestionUnderstanding
}

/**
 * Best sentence coverage (the share of the ask's weighted words it holds) from which it is quoted as
 * the answer; below it, down to CLOSEST_COVERAGE, the closest sentences are quoted and said to be
 * such; below that, "not in the documents". Chosen on the tuning halves of `npm run bench -- answers`
 * (docs/decisions/0014-extractive-answerer.md has the table).
 */
export const ANSWER_COVERAGE = 0.45
export const CLOSEST_COVERAGE = 0.05

/**
 * The extractive answer (DESIGN.md section 12). Decided on the question as a whole, never on one
 * missing word: the documents do not hold the answer when a name the ask uses (a capitalised word, an
 * acronym, a number or year) is in none of the passages searched, or when no sentence matches even
 * CLOSEST_COVERAGE of the ask. A quantity in a period is answered with its table cell, stated first;
 * anything else with the sentences that answer best.
 */
export function composeAnswer(request: ComposeRequest): ComposedAnswer {
  const { sources } = request
  if (sources.length === 0) return { kind: 'none', pieces: [noSourcesText()] }
  const understanding = request.understanding ?? understandQuestion(request.question)
  const mentions = sourceMentions(sources, understanding)
  // An acronym ("CEO", "AMZN") is no proof of absence: documents spell out what questions abbreviate.
  const names = understanding.names.filter((name) => !understanding.acronyms.includes(name))
  const absent = names.filter((name) => !sources.some((source) => mentions(source.number, name)))
  if (absent.length > 0) return { kind: 'none', pieces: [noAnswerText(sources, absent)] }
  // The evidence is about what the question names: a passage naming "Tesla" and another naming 2021
  // do not answer "Tesla deliveries 2021" between them.
  const about = sources.filter((source) => names.every((name) => mentions(source.number, name)))
  if (about.length === 0) return { kind: 'none', pieces: [noAnswerText(sources, [])] }

  let quotable = about
  if (understanding.wants === 'figure') {
    quotable = mayStateYear(understanding, about)
    if (quotable.length === 0)
      return { kind: 'none', pieces: [laterThanReportedText(sources, understanding)] }
    const chosen = chooseFigure(understanding, tableFigures(quotable), mentions)
    if (chosen && chosen.labelCover < 1) {
      // A row naming part of the quantity ("Basic earnings per share" for "dividend per share") gives
      // way to a sentence that names all of it with a figure ("the annual dividend for fiscal 2023 to
      // 49.0 cents per share").
      const whole = wholeQuantitySentence(understanding, quotable)
      if (whole.length > 0) return { kind: 'answer', pieces: quoted(whole) }
    }
    if (chosen) return { kind: 'answer', pieces: figureText(chosen.figure, understanding) }
    // A figure of a year is quoted from a passage that prints the year: that the document names it
    // elsewhere ("notes due 2022" in a 2018 filing) does not make another year's figures its answer.
    const years = periodYears(understanding.periods)
    if (years.length > 0) {
      quotable = quotable.filter((source) => years.some((year) => printsYear(source, year)))
      if (quotable.length === 0) return { kind: 'none', pieces: [noAnswerText(sources, years)] }
    }
  }
  // For "who", a line naming someone beside the asked role is a candidate, title case or not.
  const admit =
    understanding.wants === 'person' ? (line: string) => roleHolderLine(line, understanding) : undefined
  const scores = scoreSentences(understanding, candidateSentences(quotable, admit))
  const best = scores.ranked[0]
  if (!best || best.coverage < CLOSEST_COVERAGE) {
    return { kind: 'none', pieces: [noAnswerText(sources, scores.missing)] }
  }
  const goOn = definitionQuestion(understanding.ask) === null
  if (best.coverage >= ANSWER_COVERAGE) {
    return { kind: 'answer', pieces: quoted(pickAnswer(scores.ranked, ANSWER_COVERAGE, goOn)) }
  }
  return { kind: 'closest', pieces: closestText(quoted(pickAnswer(scores.ranked, CLOSEST_COVERAGE, goOn))) }
}

/**
 * The sentences to quote for a figure when the best one holds a figure and every word of the asked
 * quantity and period (the question's words but its names and its shape words); none otherwise.
 */
function wholeQuantitySentence(
  understanding: QuestionUnderstanding,
  sources: readonly AnswerSource[],
): ScoredSentence[] {
  const scores = scoreSentences(understanding, candidateSentences(sources))
  const best = scores.ranked[0]
  if (!best?.holdsKind || best.coverage < ANSWER_COVERAGE) return []
  const years = periodYears(understanding.periods)
  const asked = scores.terms.map(
    // An abbreviation may be the quantity ("R&D"): the sentence must spell it too.
    (term) =>
      years.includes(term) ||
      understanding.acronyms.includes(term) ||
      (!understanding.names.includes(term) && !QUESTION_SHAPE.has(term)),
  )
  if (!asked.some((term, t) => term && !years.includes(scores.terms[t]!))) return []
  if (!asked.every((term, t) => !term || (best.matches[t] ?? 0) > 0)) return []
  return pickAnswer(scores.ranked, ANSWER_COVERAGE)
}

function quoted(picked: readonly ScoredSentence[]): string[] {
  return picked.map(
    ({ sentence }, i) => `${i > 0 ? ' ' : ''}${clipSentence(sentence.text)} [${sentence.source}]`,
  )
}

/** The passage's own text or heading prints the year, alone or in a period's form ("FY2022"). */
function printsYear(source: AnswerSource, year: string): boolean {
  return new RegExp(`(?<!\\d)${year}(?!\\d)`, 'u').test(`${source.heading ?? ''} ${source.text}`)
}

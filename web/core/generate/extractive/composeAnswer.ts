import { tokenize } from '../../retrieve/index/tokenize'
import { type QuestionUnderstanding, understandQuestion } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { closestText, figureText, noAnswerText, noSourcesText } from './answerWording'
import { candidateSentences } from './candidateSentences'
import { chooseFigure } from './chooseFigure'
import { matchWord } from './matchWord'
import { spelledByInitials } from './spelledByInitials'
import { clipSentence, pickAnswer } from './pickAnswer'
import { scoreSentences, type ScoredSentence } from './scoreSentences'
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
 * (bench/README.md has the table).
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
  const absent = understanding.names.filter(
    (name) => !sources.some((source) => mentions(source.number, name)),
  )
  if (absent.length > 0) return { kind: 'none', pieces: [noAnswerText(sources, absent)] }

  if (understanding.wants === 'figure') {
    const chosen = chooseFigure(understanding, tableFigures(sources), mentions)
    if (chosen) return { kind: 'answer', pieces: figureText(chosen.figure, understanding) }
  }
  const scores = scoreSentences(understanding, candidateSentences(sources))
  const best = scores.ranked[0]
  if (!best || best.coverage < CLOSEST_COVERAGE) {
    return { kind: 'none', pieces: [noAnswerText(sources, scores.missing)] }
  }
  if (best.coverage >= ANSWER_COVERAGE) {
    return { kind: 'answer', pieces: quoted(pickAnswer(scores.ranked, ANSWER_COVERAGE)) }
  }
  return { kind: 'closest', pieces: closestText(quoted(pickAnswer(scores.ranked, CLOSEST_COVERAGE))) }
}

function quoted(picked: readonly ScoredSentence[]): string[] {
  return picked.map(
    ({ sentence }, i) => `${i > 0 ? ' ' : ''}${clipSentence(sentence.text)} [${sentence.source}]`,
  )
}

/**
 * Whether a source names a term: in its text, its heading or its file name, in any form `matchWord`
 * accepts ("Pepsi" names "PepsiCo") or as a defined term's other form ("J&J", "Johnson & Johnson").
 */
function sourceMentions(
  sources: readonly AnswerSource[],
  understanding: QuestionUnderstanding,
): (source: number, term: string) => boolean {
  const sequences = new Map(
    sources.map((source) => [
      source.number,
      tokenize(`${source.filename.replace(/[_.-]+/gu, ' ')} ${source.heading ?? ''} ${source.text}`),
    ]),
  )
  const words = new Map([...sequences].map(([number, sequence]) => [number, new Set(sequence)]))
  const cache = new Map<string, boolean>()
  return (number, term) => {
    const key = `${number}\u0000${term}`
    const known = cache.get(key)
    if (known !== undefined) return known
    const vocabulary = words.get(number) ?? new Set<string>()
    const about = sources.find((source) => source.number === number)?.about
    let found = vocabulary.has(term) || about?.has(term) === true
    if (!found && !/^\d/u.test(term))
      for (const word of vocabulary) if (matchWord(term, word) > 0) found = true
    if (!found && understanding.acronyms.includes(term))
      found = spelledByInitials(term, sequences.get(number) ?? [])
    if (!found) {
      found = understanding.aliases.some(
        (alias) =>
          alias.terms.includes(term) &&
          alias.forms.some((form) => form.every((word) => vocabulary.has(word))),
      )
    }
    cache.set(key, found)
    return found
  }
}

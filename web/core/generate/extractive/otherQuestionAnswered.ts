import { tokenize } from '../../retrieve/index/tokenize'
import { QUESTION_SHAPE } from '../../retrieve/understandQuestion'
import { matchWord } from './matchWord'
import type { ScoredSentence } from './scoreSentences'

/**
 * Whether the best sentence answers another question than the one asked: the heading over it is a
 * question (an FAQ's "How long can I keep a book?") that names a thing the ask does not ("book"), the
 * ask names a thing that neither the heading nor the sentence holds ("records"), and the sentence's own
 * words hold none of the ask's. "how long do they keep my records" shares "how long" and "keep" with the
 * library's FAQ, and its loan period is no answer to it: the documents do not say. A heading that asks
 * the question, or a sentence that says any of the ask's words, is left to the rest of the answerer.
 */
export function otherQuestionAnswered(
  best: ScoredSentence,
  heading: string | null | undefined,
  terms: readonly string[],
): boolean {
  const asked = heading?.split(' > ').at(-1)?.trim() ?? ''
  if (!asked.endsWith('?')) return false
  const same = (term: string, words: Iterable<string>) => [...words].some((word) => matchWord(term, word) > 0)
  const weighty = terms.filter((term) => !QUESTION_SHAPE.has(term))
  const unmatched = weighty.filter((term) => (best.matches[terms.indexOf(term)] ?? 0) === 0)
  const headingOwn = tokenize(asked).filter((word) => !QUESTION_SHAPE.has(word) && !same(word, terms))
  return (
    unmatched.length > 0 && headingOwn.length > 0 && !weighty.some((term) => same(term, best.sentence.terms))
  )
}

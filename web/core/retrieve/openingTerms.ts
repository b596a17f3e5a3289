import type { OpeningTerms } from '../store/DocumentOpening'
import { searchTerms, TOKENIZER_VERSION } from './index/tokenize'

/** Search terms counted: what a document profile's field holds (`documentEvidence.ts`). */
export interface TermCounts {
  /** Term -> how often it occurs, in the order the terms first occur. */
  terms: Map<string, number>
  /** All the terms' occurrences. */
  length: number
}

/** The search terms of a text, counted. */
export function countTerms(text: string): TermCounts {
  const terms = new Map<string, number>()
  let length = 0
  for (const term of searchTerms(text)) {
    terms.set(term, (terms.get(term) ?? 0) + 1)
    length++
  }
  return { terms, length }
}

/**
 * An opening's counted terms in the form a store keeps (`DocumentOpening.terms`): made once, when
 * the opening is stored, so that a start does not tokenize every document's opening again (200
 * openings took 0.26-0.33 s of the browser's cold start at 139k passages).
 */
export function openingTerms(text: string): OpeningTerms {
  const { terms } = countTerms(text)
  // Terms are runs of letters, digits and marks, so never hold a space.
  return {
    tokenizer: TOKENIZER_VERSION,
    words: [...terms.keys()].join(' '),
    counts: Uint16Array.from(terms.values(), (count) => Math.min(count, 0xffff)),
  }
}

/**
 * The counted terms of an opening: from the terms stored with it when this build's tokenizer made
 * them, otherwise from its text (stored before terms were, by a store that keeps none, or by
 * another tokenizer).
 */
export function openingTermCounts(text: string, stored?: OpeningTerms): TermCounts {
  if (stored?.tokenizer !== TOKENIZER_VERSION || stored.words === '') return countTerms(text)
  const words = stored.words.split(' ')
  if (words.length !== stored.counts.length) return countTerms(text)
  const terms = new Map<string, number>()
  let length = 0
  for (let i = 0; i < words.length; i++) {
    terms.set(words[i]!, stored.counts[i]!)
    length += stored.counts[i]!
  }
  return { terms, length }
}

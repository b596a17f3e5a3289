import { DOCUMENT_KIND, isDocumentKind } from '../../retrieve/documentScope'
import { tokenize } from '../../retrieve/index/tokenize'
import { QUESTION_SHAPE } from '../../retrieve/understandQuestion'
import { SUMMARY_CUES } from './summaryQuestion'

/** "the onboarding deck", "this kv caching paper": the words before a document's kind that name it. */
const NAMED = new RegExp(
  String.raw`\b(?:the|this|that|my|our|your)\s+((?:(?!(?:the|this|that|of|in|about)\s)[\p{L}\p{N}'’.&-]+\s+){1,4}?)${DOCUMENT_KIND}\b`,
  'iu',
)

/**
 * The search terms a question names a document by, before its kind: "summarize the onboarding deck" ->
 * [onboarding]; the words that ask for a summary and the kinds' own words left out. Empty where it names
 * none ("summarize the deck").
 */
export function documentNamed(ask: string): string[] {
  const words = NAMED.exec(ask)?.[1] ?? ''
  return tokenize(words).filter(
    (term) => !QUESTION_SHAPE.has(term) && !SUMMARY_CUES.has(term) && !isDocumentKind(term),
  )
}

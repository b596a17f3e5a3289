import { spelledByInitials } from '../retrieve/spelledByInitials'
import { tokenize } from '../retrieve/index/tokenize'
import { sourceMentions } from '../generate/extractive/sourceMentions'
import type { QuestionUnderstanding } from '../retrieve/understandQuestion'
import type { SourceDocument } from './SourceDocument'
import { toAnswerSource } from './toAnswerSource'

/**
 * What each document says about itself (`documentWords`), with the abbreviations of the question that
 * one of its found passages names. A filing writes its ticker ("AMZN") once, on its cover or in its
 * market section, and never in the statement that answers "AMZN diluted EPS 2017": the statement's
 * passage is about AMZN because its document is. Abbreviations only: a company's full name written
 * in passing ("Coca-Cola" in PepsiCo's filing) must not make the whole filing about that company;
 * and only those no passage spells out, which are names, not terms a passage may lack.
 */
export function abbreviationsByDocument(
  pool: readonly SourceDocument[],
  understanding: QuestionUnderstanding,
  documentWords: ReadonlyMap<string, ReadonlySet<string>>,
): Map<string, ReadonlySet<string>> {
  const words = new Map(documentWords)
  // An abbreviation some passage spells out ("Chief Executive Officer" for "CEO") is a term, which a
  // passage names or not; one no passage spells out ("AMZN") is a name, a ticker or a code.
  const spelled = pool.map((source) => tokenize(source.content))
  const abbreviations = understanding.names.filter(
    (name) =>
      understanding.acronyms.includes(name) && !spelled.some((sequence) => spelledByInitials(name, sequence)),
  )
  if (abbreviations.length === 0) return words
  const mentions = sourceMentions(
    pool.map((source) => toAnswerSource(source)),
    understanding,
  )
  for (const source of pool) {
    const named = abbreviations.filter((abbreviation) => mentions(source.number, abbreviation))
    if (named.length === 0) continue
    const own = words.get(source.document_id) ?? new Set<string>()
    if (named.every((abbreviation) => own.has(abbreviation))) continue
    words.set(source.document_id, new Set([...own, ...named]))
  }
  return words
}

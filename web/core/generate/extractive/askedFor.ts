import { hyphenedPrefixes } from './hyphenedPrefixes'
import { tokenize } from '../../retrieve/index/tokenize'
import { documentScope, isDocumentKind } from '../../retrieve/documentScope'
import { QUESTION_SHAPE, type QuestionUnderstanding } from '../../retrieve/understandQuestion'
import { askedAttribute, askFocus } from './askFocus'
import { askedValueKinds } from './askedValueKinds'
import { definitionQuestion } from './definitionQuestion'
import { listQuestion } from './listAnswer'
import { summaryQuestion } from './summaryQuestion'
import { textValues, type ValueKind } from './textValues'
import { AUXILIARY_VERBS } from '../../retrieve/questionWords'

/** The kind of answer a question asks for. */
export type AskKind =
  | 'person'
  | 'date'
  | 'amount'
  | 'percentage'
  | 'duration'
  | 'place'
  | 'definition'
  | 'list'
  | 'summary'
  | 'yes/no'
  | 'description'

/** What a question asks for, as a model's prompt and the answerer read it. */
export interface AskedFor {
  kind: AskKind
  /** The values an answer of that kind prints (`askedValueKinds`); empty for a description. */
  values: ValueKind[]
  /** The thing asked about ("employees", "dose", "licensed"): a search term, or null. */
  focus: string | null
  /**
   * What the question is about, as typed: its names, and its nouns that are neither the focus nor a
   * question's shape word ("dropbox" in "how many employees does dropbox have"), by the language model's
   * part-of-speech tags (`textValues`), so a name typed in lower case counts.
   */
  subject: string[]
}

/** "the bitcoin whitepaper", "the pdf": a word naming a document's kind is no name, known to the lexicon or not. */

const YES_NO = new RegExp(`^(?:${AUXILIARY_VERBS})\\b`, 'u')

/** Reads the question's kind, focus and subject (DESIGN.md section 12); English question shapes. */
export function askedFor(understanding: QuestionUnderstanding): AskedFor {
  // "capstone deck: what…", "… in the sre chapter": the kind is read from what is asked, not where.
  const asked = documentScope(understanding.ask, () => false)?.rest ?? understanding.ask
  const ask = asked.toLowerCase().replace(/\s+/gu, ' ').trim()
  const values = askedValueKinds(ask)
  const focus = askFocus(ask) ?? askedAttribute(ask)
  const subject = new Set(understanding.names)
  for (const word of textValues(understanding.ask).nouns) {
    const term = tokenize(word)[0]
    if (term && term !== focus && !QUESTION_SHAPE.has(term)) subject.add(term)
  }
  return { kind: kindOf(ask, values), values, focus, subject: [...subject] }
}

function kindOf(ask: string, values: readonly ValueKind[]): AskKind {
  if (summaryQuestion(ask)) return 'summary'
  // "what are the steps to…" asks for a list, though it reads as "what are X".
  if (listQuestion(ask)) return 'list'
  if (definitionQuestion(ask)) return 'definition'
  const first = values[0]
  if (first === 'name') return /^(?:and\s+)?where\b/u.test(ask) ? 'place' : 'person'
  if (first === 'date') return 'date'
  if (first === 'percent') return 'percentage'
  if (first === 'duration') return 'duration'
  if (first) return 'amount'
  return YES_NO.test(ask) ? 'yes/no' : 'description'
}

/**
 * What a question typed in lower case names: the search terms of its nouns that the language
 * model tags as proper nouns (at least MIN_PROPER letters: "peru") or does not know (at least
 * MIN_UNKNOWN letters: "diageo", "dropbox"; shorter unknown words are mostly slang, "ppl", "tldr"), but
 * not a word of a date or another value ("december 2015") or of a period ("FY2021", read as its year).
 * Where no passage names one in any form, the documents are not about it.
 */
export function askedNames(understanding: QuestionUnderstanding): string[] {
  // A question that opens with a capital was typed by someone who capitalises: its names are its
  // capitalised words (`understanding.names`), and its lower-case words the lexicon lacks are rare words
  // ("paleoclimatologists", "onboard"), not names. One typed all in lower case tells names by the lexicon.
  if (!/^\P{L}*\p{Ll}/u.test(understanding.ask)) return []
  const read = textValues(understanding.ask)
  const proper = new Set<string>()
  const inValues = new Set<string>()
  for (const value of read.values) {
    const words = read.words.slice(value.from, value.to + 1)
    for (const word of words) (value.kind === 'name' ? proper : inValues).add(word)
  }
  const terms = new Set(understanding.terms)
  // "anti" of "anti-circumvention": a prefix, not a name.
  const prefixes = hyphenedPrefixes(understanding.ask)
  return [
    ...new Set(
      read.names
        .filter((word) => !inValues.has(word))
        .filter((word) => word.length >= (proper.has(word) ? MIN_PROPER : MIN_UNKNOWN))
        .map((word) => tokenize(word)[0])
        .filter(
          (term): term is string =>
            term !== undefined &&
            terms.has(term) &&
            !QUESTION_SHAPE.has(term) &&
            !prefixes.has(term) &&
            !isDocumentKind(term) &&
            // "in the pd kids hiawatha story": where to look, the name of a document its passages need not print.
            !understanding.scope.includes(term),
        ),
    ),
  ]
}

const MIN_PROPER = 4
const MIN_UNKNOWN = 5

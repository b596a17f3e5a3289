import { tokenize } from '../../retrieve/index/tokenize'
import { QUESTION_SHAPE, type QuestionUnderstanding } from '../../retrieve/understandQuestion'
import { askedAttribute, askFocus } from './askFocus'
import { askedValueKinds } from './askedValueKinds'
import { definitionQuestion } from './definitionQuestion'
import { listQuestion } from './listAnswer'
import { summaryQuestion } from './summaryQuestion'
import { textValues, type ValueKind } from './textValues'

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

const YES_NO = /^(?:is|are|was|were|does|do|did|can|could|should|would|will|has|have|had)\b/u

/** Reads the question's kind, focus and subject (DESIGN.md section 12); English question shapes. */
export function askedFor(understanding: QuestionUnderstanding): AskedFor {
  const ask = understanding.ask.toLowerCase().replace(/\s+/gu, ' ').trim()
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

import { tokenize } from '../../retrieve/index/tokenize'
import type { QuestionUnderstanding } from '../../retrieve/understandQuestion'
import { wordForm } from './wordForms'

/** Words that name the kind of place asked for, not what it is the place of. */
const KIND = /^(?:city|country|state|town|location|place|where)$/u
/** How far past an asked word "in" or "at" may stand: "headquarters are located in Los Gatos". */
const REACH = 4

/**
 * Whether the sentence prints a place right after a word a "where" question asks about: "in" or "at"
 * and a capitalised name the question does not use, within a few words of it ("Our corporate
 * headquarters are located in Los Gatos, California" for "Netflix headquarters city"), where "the
 * redomiciliation of the European headquarters" holds the word and a capitalised one apart.
 */
export function placeBesideAsk(text: string, understanding: QuestionUnderstanding): boolean {
  const subject = new Set(understanding.names)
  const asked = new Set(
    understanding.terms.filter((term) => !subject.has(term) && !KIND.test(term)).map(wordForm),
  )
  if (asked.size === 0) return false
  const known = new Set(understanding.terms)
  const raw = text.split(/\s+/u).filter((token) => token !== '')
  const forms = raw.map((token) => tokenize(token).map(wordForm))
  for (let i = 0; i < raw.length; i++) {
    if (!forms[i]!.some((form) => asked.has(form))) continue
    for (let j = i + 1; j < Math.min(raw.length - 1, i + 1 + REACH); j++) {
      if (!/^(?:in|at)$/iu.test(raw[j]!)) continue
      const next = raw[j + 1]!
      if (/^\p{Lu}\p{Ll}/u.test(next) && !tokenize(next).every((word) => known.has(word))) return true
    }
  }
  return false
}

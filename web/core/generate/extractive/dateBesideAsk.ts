import { tokenize } from '../../retrieve/index/tokenize'
import type { QuestionUnderstanding } from '../../retrieve/understandQuestion'
import { wordForm } from './wordForms'

const MONTH_OR_DAY =
  /^(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/u
/** How far past the asked words the date may start: "ends on the last Saturday in December". */
const REACH = 4

/**
 * Whether the sentence prints a date right after the words a "when" question asks about, in their
 * order and any of their forms: "Our fiscal year ends on January 31" for "When does Walmart's fiscal
 * year end?", where "…stated as of December 31, to correspond with the fiscal year end of the
 * related market" holds the same words and a date apart from them. A date is a month or a day of the
 * week, or a year the question does not name.
 */
export function dateBesideAsk(text: string, understanding: QuestionUnderstanding): boolean {
  const subject = new Set(understanding.names)
  const asked = understanding.terms.filter((term) => !subject.has(term))
  if (asked.length === 0) return false
  const forms = asked.map(wordForm)
  const sequence = tokenize(text)
  const sequenceForms = sequence.map(wordForm)
  for (let start = 0; start + forms.length <= sequence.length; start++) {
    if (!forms.every((form, k) => sequenceForms[start + k] === form)) continue
    const after = sequence.slice(start + forms.length, start + forms.length + REACH)
    if (
      after.some(
        (word) =>
          MONTH_OR_DAY.test(word) ||
          (/^(?:1[5-9]|20)\d\d$/u.test(word) && !understanding.terms.includes(word)),
      )
    )
      return true
  }
  return false
}

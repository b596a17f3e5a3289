import { acronymDefinition } from '../../retrieve/acronymDefinition'
import type { AnswerSource } from '../AnswerGenerator'
import { passageLines } from './passageLines'

/** A short form is one word of letters this long: "EIC", "LoA", "FedRAMP". */
const SHORT_FORM = /^[\p{L}&]{2,8}$/u

/**
 * "What is an EIC", where no sentence quoted says what it is: the first line of a passage that spells the
 * short form out, by the initials of the words before it in brackets ("General Considerations for
 * Determining LOA of an Electronic Identity Credential (EIC)", a slide's title that is no sentence), as
 * "EIC: Electronic Identity Credential [1]". Null where the subject is not one short word or no line spells it.
 */
export function spelledOutLine(subject: readonly string[], sources: readonly AnswerSource[]): string | null {
  const [term] = subject
  if (subject.length !== 1 || !SHORT_FORM.test(term!)) return null
  for (const source of sources) {
    for (const line of passageLines(source.text)) {
      const definition = acronymDefinition(line, term!)
      if (!definition?.spelled) continue
      // As the line prints it: "(EIC)", not the question's "eic".
      const printed = new RegExp(`\\((${term})s?\\)`, 'iu').exec(line)?.[1] ?? term!
      return `${printed}: ${definition.long} [${source.number}]`
    }
  }
  return null
}

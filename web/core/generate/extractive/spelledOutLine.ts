import { acronymDefinition } from '../../retrieve/acronymDefinition'
import { asksSpelling } from '../../retrieve/asksSpelling'
import { initialsInOrder } from '../../retrieve/spelledByInitials'
import type { AnswerSource } from '../AnswerGenerator'
import { passageLines } from './passageLines'

/** "what is an EIC", "what's LOA": a short form asked of alone, with no "the" that points at one's value. */
const WHAT_IT_IS = /^(?:what\s+is|what['’]?s)\s+(?:an?\s+)?[\p{L}&]+\s*[?.!]*$/iu
/** A short form is one word of letters this long: "EIC", "LoA", "FedRAMP". */
const SHORT_FORM = /^[\p{L}&]{2,8}$/u

/**
 * "What is an EIC", where no sentence quoted says what it is: the first line of a passage that spells the
 * short form out, by the initials of the words before it in brackets ("General Considerations for
 * Determining LOA of an Electronic Identity Credential (EIC)", a slide's title that is no sentence), as
 * "EIC: Electronic Identity Credential [1]". Null where the subject is not one short word or no line spells it.
 */
export function spelledOutLine(
  ask: string,
  subject: readonly string[],
  sources: readonly AnswerSource[],
): string | null {
  const [term] = subject
  if (subject.length !== 1 || !SHORT_FORM.test(term!)) return null
  // "What was the EBITDA?" and "what is the EBITDA" ask for its figure: the short form asked of as a kind
  // ("what is an EIC", "what's LOA") or of what it stands for is what its long form answers.
  if (!asksSpelling(ask) && !WHAT_IT_IS.test(ask.trim())) return null
  for (const source of sources) {
    for (const line of passageLines(source.text)) {
      const definition = acronymDefinition(line, term!)
      if (!definition?.spelled) continue
      // As the line prints it: "(EIC)", not the question's "eic".
      const printed = new RegExp(`\\((${term})s?\\)`, 'iu').exec(line)?.[1] ?? term!
      return `${printed}: ${definition.long} [${source.number}]`
    }
  }
  // A key's line, the short form first: "PARCC = Partnership for Assessment of Readiness for College and
  // Careers", which may run on into the next sentence ("This organization will…"): the fewest words after
  // it whose initials spell it.
  for (const source of sources) {
    for (const line of passageLines(source.text)) {
      const key = KEY_LINE.exec(line)
      if (key?.[1]?.toLowerCase() !== term!.toLowerCase()) continue
      const words = key[2]!.split(' ')
      for (let count = 2; count <= Math.min(words.length, MAX_LONG_WORDS); count++) {
        const long = words
          .slice(0, count)
          .join(' ')
          .replace(/[,;:.]$/u, '')
        if (initialsInOrder(term!, long)) return `${key[1]}: ${long} [${source.number}]`
      }
    }
  }
  return null
}

/** "PARCC = Partnership for…", "RL – Reading for Literature": a short form, then what it stands for. */
const KEY_LINE = /^([\p{L}&]{2,8})\s*(?:=|–|—)\s*(\p{Lu}.*)$/u
/** A long form is this many words at most. */
const MAX_LONG_WORDS = 12

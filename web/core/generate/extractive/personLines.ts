import { tokenize } from '../../retrieve/index/tokenize'
import type { AnswerSource } from '../AnswerGenerator'
import { CREDENTIALS, HONORIFIC, MAIL } from './authorshipQuestion'
import { passageLines } from './passageLines'

/** A mail address anywhere in a line. */
const MAIL_IN = new RegExp(MAIL.source, 'u')
/** A web address or a telephone number: how to reach a person, not who they are. */
const CONTACT = /https?:\/\/|\bwww\.|\+?\d[\d\s().-]{7,}\d/u
/** A street address or a post box ("162 North Herman Avenue", "PO Box 476"): where a person is reached. */
export const POSTAL = /^(?:\d+[\p{L}-]?\s+\p{Lu}|p\.?\s?o\.?\s+box\b)/iu
/** A line left open: its sentence goes on to the next line ("Chair, … Policy Authority and"). */
const LEFT_OPEN = /(?:,|\s(?:and|of|for|&))$/u
/** A line that qualifies the one before it: "(now UBC)". */
const ASIDE = /^\(.*\)$/u

/**
 * Who a person asked about by name is, where a slide, a letter or a paper prints it under their name on
 * a line of its own: "Peter Alterman, Ph.D." over "Chair, U.S. Federal PKI Policy Authority and" over
 * "Assistant CIO/E-Authentication, NIH"; "Jade Maloney" over "Senior Consultant" (an address below it is
 * how to reach them, and ends it; a directory's entry, the name over a street address, says no role). The line under the name, with the next where that one is left open or
 * the next is an aside in brackets: a block of names each over its role ("Chris Parnin" over "Georgia
 * Tech" over "Andrew Black") gives the one asked about its own line only. Null where no line is the name
 * alone (a degree or a title beside it allowed), or nothing follows it.
 */
export function personLines(
  name: string,
  sources: readonly AnswerSource[],
): { name: string; role: string; source: number } | null {
  const asked = tokenize(name)
  if (asked.length < 2) return null
  for (const source of sources) {
    const lines = passageLines(source.text)
    for (const [i, line] of lines.entries()) {
      const bare = line.replace(CREDENTIALS, '').replace(HONORIFIC, '').trim()
      const words = tokenize(bare)
      if (words.length !== asked.length || !asked.every((word) => words.includes(word))) continue
      const role: string[] = []
      for (const next of lines.slice(i + 1, i + 3)) {
        if (MAIL_IN.test(next) || CONTACT.test(next) || POSTAL.test(next)) break
        const last = role.at(-1)
        if (last !== undefined && !LEFT_OPEN.test(last) && !ASIDE.test(next)) break
        role.push(next)
      }
      if (role.length > 0) return { name: line, role: role.join(' '), source: source.number }
    }
  }
  return null
}

import { definedTerms } from './definedTerms'
import { initialsInOrder } from './spelledByInitials'

/**
 * How a text defines an acronym, if it does ("… Working Group (IKWG)"): the long form, and whether that
 * form's initials spell it (`initialsInOrder`; a mixed-case acronym's capitals: "FedRAMP"), which a table's
 * "Sensitivity Level XPath Query (SSP)" does not though it holds SSP's letters. A spelled definition is preferred where a text holds several.
 */
export function acronymDefinition(text: string, acronym: string): { long: string; spelled: boolean } | null {
  const short = acronym.toLowerCase()
  // "… Working Group (IKWG)", or a statute's quoted pair ('"Accessory dwelling unit" or "ADU" means').
  const lower = text.toLowerCase()
  if (
    !lower.includes(`(${short})`) &&
    !lower.includes(`(${short}s)`) &&
    !QUOTES.some(([open, close]) => lower.includes(`${open}${short}${close}`))
  )
    return null
  let found: { long: string; spelled: boolean } | null = null
  for (const term of definedTerms(text)) {
    // A plural's small "s" after the capitals ("… anti-inflammatory drugs (NSAIDs)") names the same thing.
    const named =
      term.short.toLowerCase() === short || term.short.replace(/(?<=\p{Lu})s$/u, '').toLowerCase() === short
    if (!named) continue
    // "FedRAMP" is spelled by its capitals ("Federal Risk and Authorization Management Program"): its
    // small letters go on the word its capital opens.
    const capitals = term.short.replace(/[^\p{Lu}\p{N}]/gu, '')
    const spelled =
      initialsInOrder(short, term.long) ||
      (capitals.length >= 2 && capitals.length < term.short.length && initialsInOrder(capitals, term.long))
    if (spelled) return { long: term.long, spelled }
    found ??= { long: term.long, spelled }
  }
  return found
}

/** The quotes a defined short form may stand in: straight and curly. */
const QUOTES = [
  ['"', '"'],
  ['“', '”'],
] as const

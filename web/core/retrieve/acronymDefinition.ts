import { definedTerms } from './definedTerms'
import { initialsInOrder } from './spelledByInitials'

/**
 * How a text defines an acronym, if it does ("… Working Group (IKWG)"): the long form, and whether that
 * form's initials spell it (`initialsInOrder`), which a table's "Sensitivity Level XPath Query (SSP)" does
 * not though it holds SSP's letters. A spelled definition is preferred where a text holds several.
 */
export function acronymDefinition(text: string, acronym: string): { long: string; spelled: boolean } | null {
  const short = acronym.toLowerCase()
  if (!text.toLowerCase().includes(`(${short})`)) return null
  let found: { long: string; spelled: boolean } | null = null
  for (const term of definedTerms(text)) {
    if (term.short.toLowerCase() !== short) continue
    const spelled = initialsInOrder(short, term.long)
    if (spelled) return { long: term.long, spelled }
    found ??= { long: term.long, spelled }
  }
  return found
}

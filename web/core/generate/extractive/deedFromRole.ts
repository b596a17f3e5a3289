import { tokenize } from '../../retrieve/index/tokenize'
import { AUXILIARY_VERBS } from '../../retrieve/questionWords'

const AUXILIARY = new RegExp(`^(?:${AUXILIARY_VERBS})$`, 'u')
/** A deed's stem is this long at least: "sign" in "signs", "signature"; "own" is too short to tell. */
const MIN_STEM = 4
/** "… approval from the on-call lead", "… signed by the Treasurer": who a deed comes from or is done by. */
const BY_ROLE = /\b(?:by|from)\s+(?:the|a|an|your|our|their|its)\s+[\p{L}-]+/iu

/**
 * Whether `text` answers "who approves hotfixes" with the role that does it, no name: it holds the asked
 * verb in some form ("approval", "approved") and says whom the deed is by or from ("Hotfixes need approval
 * from the on-call lead"). False for a "who" asked with an auxiliary ("who is", "who can") or none.
 */
export function deedFromRole(ask: string, text: string): boolean {
  const verb = askedDeed(ask)?.verb
  if (verb === undefined) return false
  const stem = verb.replace(/(?:es|s|ed|d)$/u, '')
  if (stem.length < MIN_STEM) return false
  return tokenize(text).some((word) => word.startsWith(stem)) && BY_ROLE.test(text)
}

/**
 * The words of what a "who" question's deed is done to: "marketing" in "who founded marketing". Empty for a
 * "who" asked with an auxiliary ("who is the CEO") or none.
 */
export function deedObject(ask: string): string[] {
  return tokenize(askedDeed(ask)?.object ?? '')
}

/** "who founded marketing": the verb ("founded") and what follows it ("marketing"). */
export function askedDeed(ask: string): { verb: string; object: string } | null {
  const match = /^who\s+(\p{L}+)\s+(.*)$/u.exec(ask.toLowerCase().replace(/\s+/gu, ' ').trim())
  if (!match || AUXILIARY.test(match[1]!)) return null
  return { verb: match[1]!, object: match[2]! }
}

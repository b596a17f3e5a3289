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
  const verb = /^who\s+(\p{L}+)\s/u.exec(ask.toLowerCase().replace(/\s+/gu, ' ').trim())?.[1]
  if (verb === undefined || AUXILIARY.test(verb)) return false
  const stem = verb.replace(/(?:es|s|ed|d)$/u, '')
  if (stem.length < MIN_STEM) return false
  return tokenize(text).some((word) => word.startsWith(stem)) && BY_ROLE.test(text)
}

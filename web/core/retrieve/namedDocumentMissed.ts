import { type DocumentProfile, labelHolders } from './documentEvidence'
import { searchTerms } from './index/tokenize'

/**
 * The document a question names by a word of its label alone (its file name or title: "the capstone
 * presentation" for "ececapstonespring2015.pptx") when search found none of its passages: a word only
 * the label holds is in no passage, so the passages of the one document a question names can all miss,
 * and what it asks of that document (its gist, its byline, its date) is read from its opening. Null
 * where no query word is held by exactly one document's label, where such words point at two documents,
 * or where search found a passage of the one they point at.
 */
export function namedDocumentMissed(
  query: string,
  profiles: readonly DocumentProfile[],
  found: ReadonlySet<string>,
): string | null {
  if (profiles.length < 2) return null
  const named = new Set<string>()
  for (const word of new Set(searchTerms(query))) {
    const holders = labelHolders(profiles, word)
    if (holders.size === 1) named.add([...holders][0]!)
  }
  const [only] = named
  return named.size === 1 && !found.has(only!) ? only! : null
}

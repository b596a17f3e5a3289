import { type DocumentProfile, labelHolders } from './documentEvidence'
import { searchTerms } from './index/tokenize'

/**
 * A word held by at most this many labels still names one of them where the question holds more of
 * that one's label than of the others' ("the specs doc" beside "specs.docx" and "aero14-specs.docx").
 */
const MAX_SHARED_HOLDERS = 3

/**
 * The document a question names by a word of its label alone (its file name or title: "the capstone
 * presentation" for "ececapstonespring2015.pptx") when search found none of its passages: a word only
 * the label holds is in no passage, so the passages of the one document a question names can all miss,
 * and what it asks of that document (its gist, its byline, its date) is read from its opening. A word a
 * few labels share ("specs" of "specs.docx" and "aero14-specs.docx") names the one whose label the
 * question holds the largest share of ("summarize specs.docx"), where one does. Null where no query word
 * is held by exactly one document's label, where such words point at two documents, where shared words
 * name none above the rest, or where search found a passage of the one they point at.
 */
export function namedDocumentMissed(
  query: string,
  profiles: readonly DocumentProfile[],
  found: ReadonlySet<string>,
): string | null {
  if (profiles.length < 2) return null
  const words = new Set(searchTerms(query))
  const named = new Set<string>()
  const shared = new Set<string>()
  for (const word of words) {
    const holders = labelHolders(profiles, word)
    if (holders.size === 1) named.add([...holders][0]!)
    else if (holders.size <= MAX_SHARED_HOLDERS) for (const holder of holders) shared.add(holder)
  }
  const [only] = named.size > 0 ? named : [mostHeldLabel(shared, words, profiles)]
  return named.size <= 1 && only && !found.has(only) ? only : null
}

/** Of the documents `ids`, the one whose label's terms the query holds the largest share of, if one does. */
function mostHeldLabel(
  ids: ReadonlySet<string>,
  words: ReadonlySet<string>,
  profiles: readonly DocumentProfile[],
): string | undefined {
  const shares = profiles
    .filter(({ documentId }) => ids.has(documentId))
    .map(({ documentId, label }) => {
      const terms = [...label.terms.keys()]
      return { documentId, share: terms.filter((term) => words.has(term)).length / Math.max(1, terms.length) }
    })
    .sort((a, b) => b.share - a.share)
  const [first, second] = shares
  return first && first.share > 0 && (second === undefined || first.share > second.share)
    ? first.documentId
    : undefined
}

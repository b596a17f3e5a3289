import type { DocumentProfile } from './documentEvidence'
import { searchTerms } from './index/tokenize'

/**
 * "summarize the capstone project" beside "capstone.pptx" and "project-guide.md": a question naming two
 * documents, each by a whole word only its label holds (its file name or title), of which search chose
 * passages of one and none of the other; the other, whose opening then says what the question asks of it.
 * Whole words only: "download" glued inside "downloadasset" names no document beside another. Null where
 * the question names one document or more than two, or search chose passages of both or of neither.
 */
export function namedDocumentUnchosen(
  query: string,
  profiles: readonly DocumentProfile[],
  chosen: ReadonlySet<string>,
): string | null {
  if (profiles.length < 2) return null
  const named = new Set<string>()
  for (const word of new Set(searchTerms(query))) {
    const holders = profiles.filter(({ label }) => label.terms.has(word))
    if (holders.length === 1) named.add(holders[0]!.documentId)
  }
  if (named.size !== 2) return null
  const unchosen = [...named].filter((id) => !chosen.has(id))
  return unchosen.length === 1 ? unchosen[0]! : null
}

import type { DocumentRecord } from '../store/DocumentRecord'
import type { DefinedTerm } from './understandQuestion'

/** Lists of terms kept, most recent last: a search reads its collection's, then its found documents'. */
const KEPT = 4
const kept: Array<{ sources: readonly unknown[]; terms: DefinedTerm[] }> = []

/**
 * The defined terms stored with these documents at ingest (none for one processed before they were),
 * each pair of short and long form once. A search reads them for every question, and at 200 documents
 * (4,800 terms) making the list was about 2.5 ms of a page's search (a CPU profile of browser-large's
 * searches): where every document's stored list is frozen (the browser's kept document rows), the same
 * lists give the same terms, the very objects, so the list made last time is handed out again.
 */
export function collectionTerms(documents: Iterable<Pick<DocumentRecord, 'metadata'>>): DefinedTerm[] {
  const sources = [...documents].map(({ metadata }) => metadata.defined_terms)
  const frozen = sources.every((source) => source === undefined || Object.isFrozen(source))
  if (frozen) {
    const at = kept.findIndex((entry) => sameItems(entry.sources, sources))
    if (at >= 0) {
      const [entry] = kept.splice(at, 1)
      kept.push(entry!)
      return entry!.terms
    }
  }
  const terms = new Map<string, DefinedTerm>()
  for (const stored of sources) {
    if (!Array.isArray(stored)) continue
    for (const item of stored as unknown[]) {
      if (typeof item !== 'object' || item === null) continue
      const { short, long } = item as { short?: unknown; long?: unknown }
      if (typeof short !== 'string' || typeof long !== 'string') continue
      terms.set(`${short.toLowerCase()}\u0000${long.toLowerCase()}`, { short, long })
    }
  }
  const list = [...terms.values()]
  if (frozen) {
    // Frozen as well: every caller shares it.
    list.forEach((term) => Object.freeze(term))
    Object.freeze(list)
    kept.push({ sources, terms: list })
    if (kept.length > KEPT) kept.shift()
  }
  return list
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i])
}

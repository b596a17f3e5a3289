import type { SearchMode } from './index/SearchIndex'
import { liftByPage, placeOfPassage } from './liftByPage'
import { spreadOverPages } from './spreadOverPages'

/** What `choosePassages` reads of a candidate's chunk. */
export type PassagePlace = { document_id: string; page: number | null }

/**
 * The `topK` passages a search answers from its ranked candidates (best first, `pageSpreadDepth`
 * of them) and the method that ranked them: each scored again with its page's evidence
 * (`liftByPage`), then spread over pages (`spreadOverPages`). The one place where search, chat,
 * plugins and the quality benchmark turn candidates into an answer, so the benchmark measures what
 * people get.
 *
 * Vector search is spread but not lifted: it reports each passage's cosine while its order also
 * holds the document evidence (`SearchIndex`), so its scores are not its ranking, and re-sorting by
 * them threw that evidence away (financebench-dev tune, one collection, hit@5 0.44 -> 0.12).
 */
export function choosePassages<T extends { score: number }>(
  candidates: readonly T[],
  topK: number,
  method: SearchMode,
  chunkOf: (item: T) => PassagePlace,
): T[] {
  const pageOf = (item: T) => placeOfPassage(chunkOf(item))
  const ranked = method === 'vector' ? candidates : liftByPage(candidates, pageOf)
  return spreadOverPages(ranked, topK, pageOf)
}

import { liftByPage, placeOfPassage } from './liftByPage'
import { spreadOverPages } from './spreadOverPages'

/** What `choosePassages` reads of a candidate's chunk. */
export type PassagePlace = { document_id: string; page: number | null }

/**
 * The `topK` passages a search answers from its ranked candidates (best first, `pageSpreadDepth`
 * of them): each scored again with its page's evidence (`liftByPage`), then spread over pages
 * (`spreadOverPages`). The one place where search, chat, plugins and the quality benchmark turn
 * candidates into an answer, so the benchmark measures what people get.
 */
export function choosePassages<T extends { score: number }>(
  candidates: readonly T[],
  topK: number,
  chunkOf: (item: T) => PassagePlace,
): T[] {
  const pageOf = (item: T) => placeOfPassage(chunkOf(item))
  return spreadOverPages(liftByPage(candidates, pageOf), topK, pageOf)
}

import type { SearchMode } from './index/SearchIndex'
import { liftByPage, placeOfPassage } from './liftByPage'
import { liftBySection, type TitledPassage } from './namedSections'
import { spreadOverPages } from './spreadOverPages'

/** What `choosePassages` reads of a candidate's chunk: its place, and its title for a named part. */
export type PassagePlace = { document_id: string; page: number | null } & TitledPassage

/**
 * The `topK` passages a search answers from its ranked candidates (best first, `pageSpreadDepth`
 * of them) and the method that ranked them: each scored again with its page's evidence
 * (`liftByPage`), then spread over pages (`spreadOverPages`); where the question names parts of a
 * document (`sectionWords` of `QuestionUnderstanding.sections`), the passages under them first
 * (`liftBySection`). The one place where search, chat,
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
  namedSections: readonly string[][] = [],
): T[] {
  const pageOf = (item: T) => placeOfPassage(chunkOf(item))
  const ranked =
    method === 'vector'
      ? candidates
      : liftByPage(liftBySection(candidates, namedSections, chunkOf, pageOf), pageOf)
  return spreadOverPages(ranked, topK, pageOf, (item) => item.score)
}

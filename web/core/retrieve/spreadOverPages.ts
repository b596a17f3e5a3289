/**
 * How many candidates a search of `topK` passages ranks before spreading them over pages: enough that
 * `topK` distinct pages are nearly always among them (a page of a long report holds a handful of
 * chunks). Chosen on the financebench-dev tuning half: 50 found the evidence page for one question
 * more than 4 × 5 = 20 did for top_k 5; past 50, four per place (as `candidateDepth`) keeps the
 * work in proportion.
 */
export function pageSpreadDepth(topK: number): number {
  return Math.max(50, topK * 4)
}

/** A passage of a new page scoring under this share of a waiting one's is no rival to it. */
const OUTSCORED = 0.05

/**
 * `limit` items of `ranked` (best first), kept in their order, chosen one per page while other pages
 * remain: a later passage of a page already chosen waits until every page among the candidates has
 * its best passage in, and only then fills the places left. Items without a page (`pageOf` gives
 * null: a Word or Markdown file) are never held back. With `scoreOf`, a waiting passage goes in before
 * a passage of another page that scores less than OUTSCORED of its score: a one-page agenda's six
 * passages scored 1 to 0.1 and the rest of the library's under 0.01, and spread over thirty places
 * the agenda kept one, its public-comment rules given up for a paper's pages.
 *
 * Why: a question points at a page, and five passages that are five parts of one table on one page
 * show one place where five could be shown. The reader (and a model, which gets each passage's
 * whole page: `citedPageTexts`) loses little when the second passage of a page waits, while another
 * page that may hold the answer gets its place. Measured in `npm run bench -- quality` (README).
 */
export function spreadOverPages<T>(
  ranked: readonly T[],
  limit: number,
  pageOf: (item: T) => string | null,
  scoreOf?: (item: T) => number,
): T[] {
  const chosen = new Set<number>()
  const waiting: number[] = []
  // Waiting passages already let in, from the first: they wait in their ranked order.
  let admitted = 0
  const pages = new Set<string>()
  for (const [i, item] of ranked.entries()) {
    if (chosen.size >= limit) break
    const page = pageOf(item)
    if (page !== null && pages.has(page)) {
      waiting.push(i)
      continue
    }
    while (
      scoreOf &&
      admitted < waiting.length &&
      chosen.size < limit &&
      scoreOf(item) < OUTSCORED * scoreOf(ranked[waiting[admitted]!]!)
    ) {
      chosen.add(waiting[admitted]!)
      admitted++
    }
    if (chosen.size >= limit) break
    if (page !== null) pages.add(page)
    chosen.add(i)
  }
  for (const i of waiting.slice(admitted)) {
    if (chosen.size >= limit) break
    chosen.add(i)
  }
  return ranked.filter((_, i) => chosen.has(i))
}

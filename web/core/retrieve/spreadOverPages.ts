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

/**
 * `limit` items of `ranked` (best first), kept in their order, chosen one per page while other pages
 * remain: a later passage of a page already chosen waits until every page among the candidates has
 * its best passage in, and only then fills the places left. Items without a page (`pageOf` gives
 * null: a Word or Markdown file) are never held back.
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
): T[] {
  const chosen = new Set<number>()
  const waiting: number[] = []
  const pages = new Set<string>()
  for (const [i, item] of ranked.entries()) {
    if (chosen.size >= limit) break
    const page = pageOf(item)
    if (page !== null && pages.has(page)) {
      waiting.push(i)
      continue
    }
    if (page !== null) pages.add(page)
    chosen.add(i)
  }
  for (const i of waiting) {
    if (chosen.size >= limit) break
    chosen.add(i)
  }
  return ranked.filter((_, i) => chosen.has(i))
}

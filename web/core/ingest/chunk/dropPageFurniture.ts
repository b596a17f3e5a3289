import type { Block } from '../DocumentModel'

/** Blocks at each end of a page where running headers, footers and page numbers sit. */
const EDGE_BLOCKS = 2
/** Below this many pages a repeat proves nothing (a two-page letter repeats its sign-off). */
const MIN_PAGES = 4
/**
 * Share of pages a text must sit at the edge of to count as furniture. A third, not a half: filings
 * carry a running header on every page of a part only (Pfizer's "Notes to Condensed Consolidated
 * Financial Statements" on 28 of 72 pages), and body text is never at the same edge of a third of
 * the pages.
 */
const MIN_SHARE = 1 / 3
/**
 * Longest block that may be furniture, in words. A running header is one line (Pfizer's, the longest
 * in the filings measured, is 12 words); a longer block is content even if it repeats.
 */
const MAX_WORDS = 20

/**
 * Drops page furniture from a paged document: a block that sits among the first or last
 * `EDGE_BLOCKS` blocks of at least a third of the pages, of at most `MAX_WORDS` words (compared with digits masked, so "Page 7"
 * and "Page 8" are one text, and case and spacing ignored), where it sits at an edge. Running
 * headers ("Table of Contents" links, the company's name, the statement a page continues), footers
 * and page numbers repeat on every page: in every page's chunks they match any query that names
 * them, and they dilute the chunk's own words. The same text in the body of a page is kept, as is
 * anything on fewer pages. Documents without pages, or with fewer than 4, are returned as they are.
 *
 * Measured (`npm run bench quality`, financebench-dev, chunks of 200 tokens): hash-v1 vectors gain
 * most, page hit@5 0.4 -> 0.5, hit@10 0.5 -> 0.7, MRR@10 0.21 -> 0.26 (a header's words are in every
 * page's vector); BM25 and hybrid keep their hit@5 (0.6, 0.8), one evidence page a rank higher.
 */
export function dropPageFurniture(blocks: readonly Block[]): Block[] {
  const pages = new Map<number, number[]>()
  blocks.forEach((block, i) => {
    if (block.page === undefined) return
    const indexes = pages.get(block.page)
    if (indexes) indexes.push(i)
    else pages.set(block.page, [i])
  })
  if (pages.size < MIN_PAGES) return [...blocks]

  const edges = new Set<number>()
  const pagesOf = new Map<string, Set<number>>()
  for (const [page, indexes] of pages) {
    const atEdge = [...indexes.slice(0, EDGE_BLOCKS), ...indexes.slice(-EDGE_BLOCKS)]
    for (const i of atEdge) {
      edges.add(i)
      const key = furnitureKey(blocks[i]!.text)
      if (key === '' || key.split(' ').length > MAX_WORDS) continue
      let seen = pagesOf.get(key)
      if (!seen) pagesOf.set(key, (seen = new Set()))
      seen.add(page)
    }
  }
  const needed = Math.max(MIN_PAGES, Math.ceil(pages.size * MIN_SHARE))
  return blocks.filter(
    (block, i) => !edges.has(i) || (pagesOf.get(furnitureKey(block.text))?.size ?? 0) < needed,
  )
}

/** What two running headers share: lowercase, spacing collapsed, every run of digits one `#`. */
export function furnitureKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\p{N}+/gu, '#')
    .replace(/\s+/gu, ' ')
    .trim()
}

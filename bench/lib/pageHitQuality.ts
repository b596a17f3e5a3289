/** Page-level figures over questions, from the rank (from 1) of each question's first right page. */
export interface PageHitQuality {
  /** Share of questions with a right page among the first five distinct pages. */
  hit_at_5: number
  /** Share with a right page among the first ten. */
  hit_at_10: number
  /** Mean of 1 / rank of the first right page within the first ten, 0 when none. */
  mrr_at_10: number
  questions: number
}

/** The rank (from 1) of the first of `pages` that is one of `wanted`, or null when none is. */
export function firstPageRank(pages: readonly string[], wanted: readonly string[]): number | null {
  const index = pages.findIndex((page) => wanted.includes(page))
  return index < 0 ? null : index + 1
}

/** Hit@5, hit@10 and MRR@10 from each question's first-hit rank (null: not found). Throws on none. */
export function pageHitQuality(ranks: ReadonlyArray<number | null>): PageHitQuality {
  if (ranks.length === 0) throw new RangeError('pageHitQuality needs at least one question')
  let at5 = 0
  let at10 = 0
  let reciprocal = 0
  for (const rank of ranks) {
    if (rank === null || rank > 10) continue
    at10++
    reciprocal += 1 / rank
    if (rank <= 5) at5++
  }
  return {
    hit_at_5: at5 / ranks.length,
    hit_at_10: at10 / ranks.length,
    mrr_at_10: reciprocal / ranks.length,
    questions: ranks.length,
  }
}

/** Distinct pages in order of their best chunk: `doc#page` keys, first occurrence wins. */
export function distinctPages(chunks: ReadonlyArray<{ document_id: string; page: number | null }>): string[] {
  const pages: string[] = []
  for (const { document_id, page } of chunks) {
    const key = pageKey(document_id, page)
    if (!pages.includes(key)) pages.push(key)
  }
  return pages
}

/** One page of one document, as compared between results and evidence. */
export function pageKey(documentId: string, page: number | null): string {
  return `${documentId}#${page ?? '-'}`
}

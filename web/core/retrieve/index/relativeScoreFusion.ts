import type { ScoredId } from './ScoredId'

/** One ranked list of a fusion and how much its evidence counts. */
export interface FusionList {
  /** Best first. */
  hits: readonly ScoredId[]
  /** How much this list's evidence counts against the others'; 0 ignores it. Default 1. */
  weight?: number
  /**
   * The score that means "no evidence" in this list: 0 for BM25 (no matching term), the similarity
   * threshold for cosines (where an embedder's chance-level neighbours end). Default 0.
   */
  scoreFloor?: number
}

/**
 * Relative score fusion: each list's hits are scored by their evidence relative to the list's best,
 * `(score - floor) / (best - floor)` clamped to [0, 1], and an id's fused score is the weighted mean
 * of that over every list (a list that did not find it adds 0): `sum(weight × evidence) / sum(weight)`,
 * in [0, 1], 1 for the best of every list. Ties are ordered by the id's best place in any list weighted
 * above 0 (an id only lists weighted 0 found: its place there), then by first appearance (earlier lists
 * first), so the order is stable. Within a list an id's first (best) place counts. A list weighted 0
 * so changes nothing but add, after the rest, ids the others did not find.
 *
 * Why not reciprocal rank fusion (DESIGN.md's first choice, k = 60, used here before; measured in
 * docs/decisions/0003-relative-score-fusion.md):
 * - A list weighted 0 must change nothing. RRF divides every vote by `k + rank`, so even with the
 *   vector list weighted 0 its scores were BM25's reshaped by rank, and the page lift that adds a
 *   page's passages up (`liftByPage`) then ranked differently from BM25's own: on the
 *   financebench-dev tuning half, MRR@10 0.408 against BM25's 0.425 in one collection and 0.423
 *   against 0.445 scoped to each question's document, with no vector evidence at all.
 * - What a hit is worth is in its score, not only its rank: BM25's clear first and a passage that
 *   barely matched are one rank apart. (RRF here was already made score-aware for that reason.)
 * - Bruch, Gai and Ingber, "An Analysis of Fusion Functions for Hybrid Retrieval" (ACM TOIS 2023),
 *   found a convex combination of normalised scores better than RRF in and out of domain, with one
 *   parameter (the weight) that is easy to set; Weaviate made the same fusion its default
 *   ("relativeScoreFusion"). Each score is read only against its own list's floor and best, so a
 *   BM25 score and a cosine still never meet directly.
 */
export function relativeScoreFusion(lists: readonly FusionList[], { limit }: { limit: number }): ScoredId[] {
  // `bestPlace` counts places in weighted lists only: a list weighted 0 must not even break ties (so
  // a caller may leave it out when the others already fill `limit`); `zeroPlace` orders its own ids.
  const fused = new Map<
    string,
    { id: string; sum: number; bestPlace: number; zeroPlace: number; order: number }
  >()
  let totalWeight = 0
  for (const [source, { hits, weight = 1, scoreFloor = 0 }] of lists.entries()) {
    if (!(weight >= 0) || !Number.isFinite(weight)) {
      throw new RangeError(`list ${source}: weight must be a finite non-negative number, got ${weight}`)
    }
    totalWeight += weight
    const evidence = evidenceScale(hits, scoreFloor)
    const seen = new Set<string>()
    for (const [place, { id, score }] of hits.entries()) {
      if (seen.has(id)) continue
      seen.add(id)
      let entry = fused.get(id)
      if (!entry)
        fused.set(id, (entry = { id, sum: 0, bestPlace: Infinity, zeroPlace: place, order: fused.size }))
      entry.sum += weight * evidence(score)
      if (weight > 0) entry.bestPlace = Math.min(entry.bestPlace, place)
    }
  }
  const placeOf = (entry: { bestPlace: number; zeroPlace: number }) =>
    entry.bestPlace === Infinity ? entry.zeroPlace : entry.bestPlace
  return [...fused.values()]
    .sort((a, b) => b.sum - a.sum || placeOf(a) - placeOf(b) || a.order - b.order)
    .slice(0, Math.max(0, limit))
    .map(({ id, sum }) => ({ id, score: totalWeight > 0 ? Math.min(1, sum / totalWeight) : 0 }))
}

/**
 * A hit's evidence: its score above the floor over the best score above it. The list's best always
 * gets 1, also when it is not above the floor (the caller let it through; a zero would silently drop
 * the whole list); anything below the best then gets nothing.
 */
function evidenceScale(hits: readonly ScoredId[], floor: number): (score: number) => number {
  let best = -Infinity
  for (const { score } of hits) if (score > best) best = score
  const range = best - floor
  if (!(range > 0)) return (score) => (score >= best ? 1 : 0)
  return (score) => Math.min(1, Math.max(0, (score - floor) / range))
}

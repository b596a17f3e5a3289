import type { ScoredId } from './ScoredId'

export interface FusedId extends ScoredId {
  /** Indexes (into `lists`) of the lists the id appeared in, ascending. */
  sources: number[]
}

export interface FusionOptions {
  /** Rank damping: larger k flattens the difference between ranks 1 and 10. DESIGN.md fixes 60. */
  k?: number
  limit: number
}

/**
 * Reciprocal rank fusion (Cormack et al., 2009): an id's fused score is the sum over the lists of
 * 1 / (k + rank), rank from 1, counting only the lists it appears in. Only ranks are used, so BM25's
 * unbounded scores and cosines in [-1, 1] need no common scale.
 *
 * The score is divided by the best possible sum, rank 1 in every list (lists.length / (k + 1)), to
 * land in [0, 1]: 1 means first everywhere. An empty list still counts in that maximum, so an id
 * found by one of two lists scores at most 0.5 (only one signal vouches for it).
 * Within a list, an id repeated further down is ignored (its best rank counts). Equal fused scores
 * are ordered by best rank, then by first appearance (earlier lists first), so the order is stable.
 */
export function reciprocalRankFusion(
  lists: ReadonlyArray<readonly ScoredId[]>,
  { k = 60, limit }: FusionOptions,
): FusedId[] {
  if (!(k >= 0)) throw new RangeError(`k must be a non-negative number, got ${k}`)
  const fused = new Map<
    string,
    { id: string; sum: number; sources: number[]; bestRank: number; order: number }
  >()
  lists.forEach((list, source) => {
    list.forEach(({ id }, position) => {
      const rank = position + 1
      let entry = fused.get(id)
      if (!entry) {
        entry = { id, sum: 0, sources: [], bestRank: rank, order: fused.size }
        fused.set(id, entry)
      }
      if (entry.sources.at(-1) === source) return
      entry.sum += 1 / (k + rank)
      entry.sources.push(source)
      entry.bestRank = Math.min(entry.bestRank, rank)
    })
  })
  const best = lists.length / (k + 1)
  return [...fused.values()]
    .sort((a, b) => b.sum - a.sum || a.bestRank - b.bestRank || a.order - b.order)
    .slice(0, Math.max(0, limit))
    .map(({ id, sum, sources }) => ({ id, score: Math.min(1, sum / best), sources }))
}

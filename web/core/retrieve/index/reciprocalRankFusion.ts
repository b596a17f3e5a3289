import type { ScoredId } from './ScoredId'

export interface FusedId extends ScoredId {
  /** Indexes (into `lists`) of the lists the id appeared in, ascending. */
  sources: number[]
}

/** One ranked list with how much its votes count. A bare array is `{hits, weight: 1}`, ranks only. */
export interface FusionList {
  /** Best first. */
  hits: readonly ScoredId[]
  /** How much a vote of this list counts against the others'; 0 ignores the list. Default 1. */
  weight?: number
  /**
   * Scale each vote by the hit's evidence relative to the list's best hit:
   * `(score - floor) / (best - floor)`, clamped to [0, 1], with `floor` the score that means "no
   * evidence" (0 for BM25, the similarity threshold for cosines). Absent: every vote is whole.
   */
  scoreFloor?: number
}

export interface FusionOptions {
  /** Rank damping: larger k flattens the difference between ranks 1 and 10. DESIGN.md fixes 60. */
  k?: number
  limit: number
}

/**
 * Reciprocal rank fusion (Cormack et al., 2009): an id's fused score is the sum over the lists of
 * weight / (k + rank), rank from 1, counting only the lists it appears in. Ranks make BM25's
 * unbounded scores and cosines in [-1, 1] comparable without a common scale.
 *
 * Two generalisations, both off for a bare array (plain RRF, as the paper has it):
 * - A list's `weight` says how far its ranking is trusted (weighted RRF, as Elasticsearch's and
 *   OpenSearch's hybrid retrievers offer).
 * - `scoreFloor` makes a list's votes score-aware. With k = 60, 1/(k + rank) barely changes over
 *   the first ten ranks, so plain RRF is nearly a count of the lists that found an id: in a small
 *   collection, where a 50-deep list holds much of it, a passage BM25 ranks first by a wide margin
 *   loses to one both lists rank fifth. Scaling each vote by the hit's score relative to its list's
 *   best keeps the reciprocal-rank shape and k, and lets a list say "first, by far" or "barely".
 *   The scale is per list and per query, so scores of different kinds still never meet directly.
 *
 * The score is divided by the best possible sum, rank 1 with a whole vote in every list
 * (sum of weights / (k + 1)), to land in [0, 1]: 1 means first everywhere. A list with no hits
 * still counts in that maximum, so an id found by one list scores at most that list's share of the
 * weight (0.5 of two equal lists: only one signal vouches for it).
 * Within a list, an id repeated further down is ignored (its best rank counts). Equal fused scores
 * are ordered by best rank, then by first appearance (earlier lists first), so the order is stable.
 */
export function reciprocalRankFusion(
  lists: ReadonlyArray<readonly ScoredId[] | FusionList>,
  { k = 60, limit }: FusionOptions,
): FusedId[] {
  if (!(k >= 0)) throw new RangeError(`k must be a non-negative number, got ${k}`)
  const fused = new Map<
    string,
    { id: string; sum: number; sources: number[]; bestRank: number; order: number }
  >()
  let maximum = 0
  lists.forEach((entry, source) => {
    const { hits, weight = 1, scoreFloor } = isFusionList(entry) ? entry : { hits: entry }
    if (!(weight >= 0) || !Number.isFinite(weight)) {
      throw new RangeError(`list ${source}: weight must be a finite non-negative number, got ${weight}`)
    }
    maximum += weight / (k + 1)
    const vote = voteScale(hits, scoreFloor)
    hits.forEach(({ id, score }, position) => {
      const rank = position + 1
      let entry = fused.get(id)
      if (!entry) {
        entry = { id, sum: 0, sources: [], bestRank: rank, order: fused.size }
        fused.set(id, entry)
      }
      if (entry.sources.at(-1) === source) return
      entry.sum += (weight * vote(score)) / (k + rank)
      entry.sources.push(source)
      entry.bestRank = Math.min(entry.bestRank, rank)
    })
  })
  return [...fused.values()]
    .sort((a, b) => b.sum - a.sum || a.bestRank - b.bestRank || a.order - b.order)
    .slice(0, Math.max(0, limit))
    .map(({ id, sum, sources }) => ({ id, score: maximum > 0 ? Math.min(1, sum / maximum) : 0, sources }))
}

function isFusionList(entry: readonly ScoredId[] | FusionList): entry is FusionList {
  return !Array.isArray(entry)
}

/**
 * The share of a whole vote a hit gets: its score above the floor over the best score above it.
 * The list's best always gets a whole vote, also when it is not above the floor (the caller let it
 * through; a zero would silently drop the whole list); anything below the best then gets nothing.
 */
function voteScale(hits: readonly ScoredId[], floor: number | undefined): (score: number) => number {
  if (floor === undefined) return () => 1
  let best = -Infinity
  for (const { score } of hits) if (score > best) best = score
  const range = best - floor
  if (!(range > 0)) return (score) => (score >= best ? 1 : 0)
  return (score) => Math.min(1, Math.max(0, (score - floor) / range))
}

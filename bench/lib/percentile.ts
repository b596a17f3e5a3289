/**
 * The nearest-rank percentile (`p` in 0..100) of values sorted ascending; NaN for an empty list, so a
 * run without responses cannot pass for a fast one.
 */
export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) return Number.NaN
  const rank = Math.max(1, Math.ceil((p / 100) * sortedAscending.length))
  return sortedAscending[Math.min(rank, sortedAscending.length) - 1] ?? Number.NaN
}

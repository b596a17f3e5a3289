/**
 * The median: the middle value, or the mean of the two middle ones for an even count; NaN for no values,
 * so a case that never ran cannot pass for a fast one. Not the nearest-rank `percentile(…, 50)`, which for
 * the small even counts a run setting can give (2 or 4 runs) would report the faster of the two middles.
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const upper = sorted[middle] ?? Number.NaN
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2
}

import { percentile } from './percentile'
import { round } from './round'

/** Percentiles of a set of timings, ms with 3 decimals. */
export interface LatencySummary {
  p50_ms: number
  p95_ms: number
  p99_ms: number
  mean_ms: number
  max_ms: number
}

/** Nearest-rank percentiles, mean and maximum of `samples` (ms); throws on none, so no case passes for fast. */
export function latencySummary(samples: readonly number[]): LatencySummary {
  if (samples.length === 0) throw new Error('no timings to summarise')
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    p50_ms: round(percentile(sorted, 50), 3),
    p95_ms: round(percentile(sorted, 95), 3),
    p99_ms: round(percentile(sorted, 99), 3),
    mean_ms: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length, 3),
    max_ms: round(sorted[sorted.length - 1]!, 3),
  }
}

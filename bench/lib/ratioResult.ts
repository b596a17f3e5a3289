import type { MeasurementResult, RatioResult } from './BenchResult'

/**
 * `measured` relative to `baseline`, both from the same run on the same machine: rps_ratio below 1 and
 * p99_ratio above 1 are the cost of everything the measured case does beyond the baseline. Absolute numbers
 * vary between machines; these ratios are what stays comparable.
 */
export function ratioResult(
  benchmark: string,
  measured: MeasurementResult,
  baseline: MeasurementResult,
): RatioResult {
  return {
    benchmark,
    case: `ratio ${measured.case} / ${baseline.case}`,
    rps_ratio: ratio(measured.requests_per_sec, baseline.requests_per_sec),
    p99_ratio: ratio(measured.p99_ms, baseline.p99_ms),
  }
}

function ratio(value: number | null, base: number | null): number | null {
  if (value === null || base === null || base === 0) return null
  return Math.round((value / base) * 1000) / 1000
}

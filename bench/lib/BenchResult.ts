import type { BenchLine } from './BenchLine'

/** One measured case: a line of `npm run bench` output. Field names are snake_case because they are the JSON. */
export interface MeasurementResult {
  benchmark: string
  case: string
  requests_per_sec: number
  /** null when there was no response to time. */
  p50_ms: number | null
  p99_ms: number | null
  requests: number
  errors: number
  non_2xx: number
  duration_s: number
  connections: number
  node: string
  date: string
}

/** One case against its baseline; null where the baseline's figure is 0 and the ratio has no meaning. */
export interface RatioResult {
  benchmark: string
  case: string
  rps_ratio: number | null
  p99_ratio: number | null
}

export type BenchResult = MeasurementResult | RatioResult | BenchLine

export const isMeasurement = (result: BenchResult): result is MeasurementResult => 'requests' in result

import type { MeasurementResult } from './BenchResult'
import type { LoadSummary } from './LoadTestOptions'

/** The output line for one load test, stamped with the Node version and the time it finished. */
export function measurementResult(
  benchmark: string,
  caseName: string,
  summary: LoadSummary,
): MeasurementResult {
  return {
    benchmark,
    case: caseName,
    requests_per_sec: summary.requestsPerSec,
    p50_ms: summary.p50Ms,
    p99_ms: summary.p99Ms,
    requests: summary.requests,
    errors: summary.errors,
    non_2xx: summary.non2xx,
    duration_s: summary.durationS,
    connections: summary.connections,
    node: process.version,
    date: new Date().toISOString(),
  }
}

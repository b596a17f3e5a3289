import autocannon from 'autocannon'
import type { LoadSummary, LoadTestOptions } from './LoadTestOptions'
import { percentile } from './percentile'

/**
 * Runs autocannon against one target in this process: the warm-up first (discarded), then the measured run.
 * Called in the load-generator process that `loadTest` forks, never next to the server under test.
 */
export async function runAutocannon(options: LoadTestOptions): Promise<LoadSummary> {
  if (options.warmupS > 0) await measure(options, options.warmupS)
  return measure(options, options.durationS)
}

async function measure(options: LoadTestOptions, durationS: number): Promise<LoadSummary> {
  // autocannon's own latency histogram records whole milliseconds, which on loopback collapses p50 and
  // often p99 to 0 or 1 ms; the per-response event carries the hrtime-based value, so percentiles come from it.
  const latencies: number[] = []
  const instance = autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    body: options.body,
    connections: options.connections,
    // autocannon only stops on its 1 s sample tick, and a stop timer of exactly N s races the N-th tick: half
    // the runs lasted N + 1 s. Stopping just before the tick makes a run last N s.
    duration: durationS - 0.1,
  })
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  const result = await instance
  latencies.sort((a, b) => a - b)
  return {
    requests: result.requests.total,
    requestsPerSec: result.duration > 0 ? round(result.requests.total / result.duration, 1) : 0,
    p50Ms: roundOrNull(percentile(latencies, 50), 3),
    p99Ms: roundOrNull(percentile(latencies, 99), 3),
    errors: result.errors,
    non2xx: result.non2xx,
    durationS: result.duration,
    connections: options.connections,
  }
}

// NaN (no responses) would become null in JSON anyway; making it explicit keeps the types honest.
function roundOrNull(value: number, digits: number): number | null {
  return Number.isNaN(value) ? null : round(value, digits)
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}

/** How long the ingestion benchmarks measure. */
export interface IngestBenchSettings {
  /** Measured runs per case, after one unmeasured warm-up run. */
  runs: number
  /** Seconds a throughput loop (embed-hash) keeps going. */
  durationS: number
}

/**
 * Reads BENCH_RUNS (default 5) and BENCH_DURATION_S (default 3 here, not the server benchmark's 10: an
 * embedding pass over the corpus takes milliseconds, so 3 s is already thousands of passes).
 */
export function ingestSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): IngestBenchSettings {
  return {
    runs: read(
      env,
      'BENCH_RUNS',
      5,
      (value) => Number.isInteger(value) && value >= 1,
      'a whole number of at least 1',
    ),
    durationS: read(
      env,
      'BENCH_DURATION_S',
      3,
      (value) => Number.isFinite(value) && value > 0,
      'a number above 0',
    ),
  }
}

function read(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  valid: (value: number) => boolean,
  expected: string,
): number {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!valid(value)) throw new Error(`${name} must be ${expected}, got ${JSON.stringify(raw)}`)
  return value
}

import type { BenchSettings } from './Benchmark'

/** Reads BENCH_DURATION_S (default 10) and BENCH_CONNECTIONS (default 10); the warm-up is always 1 s. */
export function benchSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  return {
    durationS: positiveInteger(env, 'BENCH_DURATION_S', 10),
    connections: positiveInteger(env, 'BENCH_CONNECTIONS', 10),
    warmupS: 1,
  }
}

// Whole seconds because autocannon ends a run on its 1 s sample tick: 2.5 would silently measure 3.
function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1, got ${JSON.stringify(raw)}`)
  }
  return value
}

import type { BenchResult } from './BenchResult'

/** How long and how hard every case of a run is measured. */
export interface BenchSettings {
  /** Measured seconds per case (whole seconds). */
  durationS: number
  /** Concurrent connections per case. */
  connections: number
  /** Unmeasured seconds per case run first; 0 skips the warm-up. */
  warmupS: number
}

export interface BenchContext extends BenchSettings {
  /** Called with each result as soon as it exists; `run.ts` prints it as a JSON line. */
  emit(result: BenchResult): void
  /** Human progress; `run.ts` sends it to stderr. */
  progress(message: string): void
}

/** One entry of `bench/benchmarks.ts`. */
export interface Benchmark {
  /** Matched by `npm run bench -- <filter>`; also the `benchmark` field of its results. */
  name: string
  /** Emits each result as it is measured and resolves with all of them; cleans up whatever it started. */
  run(context: BenchContext): Promise<BenchResult[]>
}

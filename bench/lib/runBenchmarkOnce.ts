import { expect } from 'vitest'
import type { BenchSettings, Benchmark } from './Benchmark'
import type { BenchResult } from './BenchResult'

/**
 * Runs `benchmark` as `run.ts` does, quietly, for a test of its harness: checks that what it emitted as it
 * went is what it resolved with, and returns that.
 */
export async function runBenchmarkOnce(
  benchmark: Benchmark,
  settings: BenchSettings,
): Promise<BenchResult[]> {
  const emitted: BenchResult[] = []
  const results = await benchmark.run({
    ...settings,
    emit: (result) => emitted.push(result),
    progress: () => {},
  })
  expect(emitted).toEqual(results)
  return results
}

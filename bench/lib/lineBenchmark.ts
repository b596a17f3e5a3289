import type { BenchLine, LineReporter } from './BenchLine'
import type { Benchmark } from './Benchmark'
import { ingestSettingsFromEnv, type IngestBenchSettings } from './ingestSettingsFromEnv'

/**
 * A registry entry for a benchmark whose lines are not server load tests (`BenchLine`s, which
 * `findProblems` leaves alone: it only inspects lines with a `requests` field). The settings are read when the benchmark runs, so a bad variable fails that benchmark, not the
 * import of the registry.
 */
export function lineBenchmark<T extends BenchLine>(
  name: string,
  measure: (reporter: LineReporter<T>, settings: IngestBenchSettings) => Promise<T[]>,
): Benchmark {
  return {
    name,
    async run(context) {
      return measure({ emit: context.emit, progress: context.progress }, ingestSettingsFromEnv())
    },
  }
}

/**
 * What every result line of the ingestion benchmarks has in common with the server benchmark's lines: the
 * fields a reader filters and compares runs by. The rest is the benchmark's own (`pages_per_sec`, ...).
 */
export interface BenchLine {
  benchmark: string
  case: string
  /** `process.version` of the run. */
  node: string
  /** ISO time the line was made. */
  date: string
}

/** Where a benchmark's measure function sends its lines as soon as they exist, and its progress. */
export interface LineReporter<T extends BenchLine> {
  emit(line: T): void
  progress(message: string): void
}

import type { BenchResult } from './BenchResult'

/** Writes one result as one JSON line to stdout, which carries nothing else so it can be piped to a file. */
export function printResult(result: BenchResult): void {
  process.stdout.write(`${JSON.stringify(result)}\n`)
}

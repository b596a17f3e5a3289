// Entry of `npm run bench [-- <filter>]`: runs the benchmark in bench/benchmarks.ts named <filter>, or
// where none is, every one whose name contains it ("browser" is not also "browser-large"), one after another. stdout gets one JSON line per result and nothing else; progress and
// problems go to stderr. Exits 1 when a benchmark threw or any request failed or was not answered 2xx.
import { benchmarks } from './benchmarks'
import type { BenchSettings } from './lib/Benchmark'
import { benchSettingsFromEnv } from './lib/benchSettingsFromEnv'
import { findProblems } from './lib/findProblems'
import { printResult } from './lib/printResult'

const progress = (message: string) => process.stderr.write(`${message}\n`)

async function main(): Promise<number> {
  const filter = process.argv[2]
  const exact = benchmarks.filter((benchmark) => benchmark.name === filter)
  const selected =
    exact.length > 0
      ? exact
      : benchmarks.filter((benchmark) => filter === undefined || benchmark.name.includes(filter))
  if (selected.length === 0) {
    progress(
      `No benchmark name contains ${JSON.stringify(filter)}; known: ${benchmarks.map((b) => b.name).join(', ')}`,
    )
    return 1
  }
  let settings: BenchSettings
  try {
    settings = benchSettingsFromEnv()
  } catch (error) {
    progress(error instanceof Error ? error.message : String(error))
    return 1
  }
  const problems: string[] = []
  for (const benchmark of selected) {
    progress(`${benchmark.name}: starting`)
    try {
      const results = await benchmark.run({ ...settings, emit: printResult, progress })
      problems.push(...findProblems(results))
    } catch (error) {
      // One broken benchmark should not hide the others' numbers; the exit code still reports it.
      progress(error instanceof Error ? (error.stack ?? error.message) : String(error))
      problems.push(`${benchmark.name}: failed before finishing (see above)`)
    }
  }
  for (const problem of problems) progress(`PROBLEM ${problem}`)
  if (problems.length > 0) progress(`${problems.length} problem(s): the numbers above are not trustworthy.`)
  return problems.length > 0 ? 1 : 0
}

// Exit once the results are printed, rather than when the event loop empties: a benchmark may leave a
// worker up that a server keeps for its lifetime (the OCR engine that ingesting a scanned page
// starts, pdf.js's), and stdout here is a file or a pipe, both written synchronously on Linux.
process.exit(await main())

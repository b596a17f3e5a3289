import type { BenchContext } from './Benchmark'
import type { BenchResult } from './BenchResult'

/**
 * Keeps every result a benchmark measures and emits each at once (so `run.ts` prints it while later
 * cases still run): `record` hands the result back for ratios, `results` is what `run` resolves with.
 */
export function resultRecorder(context: BenchContext) {
  const results: BenchResult[] = []
  const record = <T extends BenchResult>(result: T): T => {
    results.push(result)
    context.emit(result)
    return result
  }
  return { results, record }
}

import { isMeasurement, type BenchResult } from './BenchResult'

/**
 * Why these results cannot be trusted, one message per bad case: a benchmark whose requests failed or were
 * answered with errors measured the error path, not the one it names. Empty when all is well.
 */
export function findProblems(results: readonly BenchResult[]): string[] {
  const problems: string[] = []
  for (const result of results) {
    if (!isMeasurement(result)) continue
    const where = `${result.benchmark} / ${result.case}`
    if (result.requests === 0) problems.push(`${where}: no responses at all`)
    if (result.errors > 0) problems.push(`${where}: ${result.errors} connection errors or timeouts`)
    if (result.non_2xx > 0) problems.push(`${where}: ${result.non_2xx} responses were not 2xx`)
  }
  return problems
}

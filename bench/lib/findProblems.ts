import { isMeasurement, type BenchResult } from './BenchResult'

/**
 * Why these results cannot be trusted, one message per bad case: a benchmark whose requests failed or were
 * answered with errors measured the error path, not the one it names. Also a line whose `p95_ms` is over its
 * own `target_p95_ms` (search), or whose `health_worst_ms` is over its `target_worst_ms` (document-stall):
 * a goal missed. Empty when all is well.
 */
export function findProblems(results: readonly BenchResult[]): string[] {
  const problems: string[] = []
  for (const result of results) {
    const { p95_ms: p95, target_p95_ms: target } = result as { p95_ms?: unknown; target_p95_ms?: unknown }
    if (typeof p95 === 'number' && typeof target === 'number' && !(p95 <= target)) {
      problems.push(`${result.benchmark} / ${result.case}: p95 ${p95} ms is over the ${target} ms target`)
    }
    const { health_worst_ms: worst, target_worst_ms: worstTarget } = result as {
      health_worst_ms?: unknown
      target_worst_ms?: unknown
    }
    if (typeof worst === 'number' && typeof worstTarget === 'number' && !(worst <= worstTarget)) {
      problems.push(
        `${result.benchmark} / ${result.case}: worst /health ${worst} ms is over the ${worstTarget} ms target`,
      )
    }
    if (!isMeasurement(result)) continue
    const where = `${result.benchmark} / ${result.case}`
    if (result.requests === 0) problems.push(`${where}: no responses at all`)
    if (result.errors > 0) problems.push(`${where}: ${result.errors} connection errors or timeouts`)
    if (result.non_2xx > 0) problems.push(`${where}: ${result.non_2xx} responses were not 2xx`)
  }
  return problems
}

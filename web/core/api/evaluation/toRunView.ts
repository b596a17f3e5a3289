import type { EvaluationRun } from '../../store/EvaluationRun'

/** The spec's evaluation run view: the stored run plus `accuracy` and `is_completed`. */
export function toRunView(run: EvaluationRun, withResults = true): Record<string, unknown> {
  const { results, user_id: _user, ...rest } = run
  return {
    ...rest,
    // Of the questions evaluated so far, so a running run shows its accuracy as it goes.
    accuracy: run.evaluated_count === 0 ? 0 : run.correct_count / run.evaluated_count,
    // True once the run has ended either way: polling can stop; `status` says how it ended.
    is_completed: run.status === 'completed' || run.status === 'failed',
    ...(withResults ? { results } : {}),
  }
}

import { ApiError } from '../../kernel/ApiError'
import { toTimestamp } from '../../kernel/time/Clock'
import type { ApiPorts } from '../ApiPorts'
import type { EvaluationResult, EvaluationRun } from '../../store/EvaluationRun'
import type { Store } from '../../store/Store'

export const RUN_NOT_FOUND = 'Evaluation run not found'

/**
 * Appends results a client sends to its run, and completes the run once every question has one
 * (the store counts concurrent appends, so the last of them completes it). 404 when the run is
 * gone: then nothing is stored.
 */
export async function appendRunResults(
  ports: Pick<ApiPorts, 'clock'> & { store: Pick<Store, 'evaluation'> },
  runId: string,
  results: readonly EvaluationResult[],
): Promise<{ run: EvaluationRun; completed: boolean }> {
  const run = await ports.store.evaluation.appendEvaluationResults(runId, results)
  if (!run) throw ApiError.notFound(RUN_NOT_FOUND)
  const completed = run.evaluated_count >= run.total_questions
  if (completed) {
    await ports.store.evaluation.updateEvaluationRun(runId, {
      status: 'completed',
      completed_at: toTimestamp(ports.clock.now()),
    })
  }
  return { run, completed }
}

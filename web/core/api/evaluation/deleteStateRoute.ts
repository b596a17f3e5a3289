import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import { errorSchema } from '../errorSchema'
import { defineRoute } from '../Route'
import type { Store } from '../../store/Store'
import { evaluationRunIdParams } from './evaluationSchemas'

const RUN_NOT_FOUND = 'Evaluation run not found'

/**
 * `DELETE /api/evaluation/state/{id}`: BrainDrive's Chat-With-Docs plugin forgets a run's saved
 * progress once the run is finished or the person discards it
 * (src/evaluation-view/evaluationStateApiService.ts:201, `?user_id=` sent and ignored: a person's runs
 * are their own on every host). It reads 204 or any 2xx as done, so deleting twice is done too.
 */
export const deleteStateRoute = defineRoute({
  method: 'delete',
  path: '/api/evaluation/state/:evaluation_run_id',
  operationId: 'deleteEvaluationState',
  summary: "Forget a client's saved progress through a run",
  description:
    "BrainDrive-compat: not in the spec; BrainDrive's Chat-With-Docs plugin calls it when a run is finished or discarded. The run and its results stay; only the saved state goes. Idempotent: 204 whether or not a state was saved. `user_id` in the query is accepted and ignored (a person's runs are their own).",
  tags: ['Evaluation'],
  params: evaluationRunIdParams,
  query: z.object({ user_id: z.string().max(200).optional() }),
  notFoundDetail: RUN_NOT_FOUND,
  responses: {
    204: { description: 'No saved state is left for the run' },
    400: { description: 'Invalid query', schema: errorSchema },
    404: { description: RUN_NOT_FOUND, schema: errorSchema },
  },
  async handler({ params }, ports: { store: Pick<Store, 'evaluation'> }) {
    if (!(await ports.store.evaluation.getEvaluationRun(params.evaluation_run_id))) {
      throw ApiError.notFound(RUN_NOT_FOUND)
    }
    await ports.store.evaluation.deleteEvaluationState(params.evaluation_run_id)
    return { status: 204 }
  },
})

import { z } from 'zod'
import type { ApiPorts } from '../ApiPorts'
import { errorResponse as error } from '../errorSchema'
import { booleanQuery } from '../platform/booleanQuery'
import { defineRoute, type Route } from '../Route'
import type { Store } from '../../store/Store'
import { braindriveRunSchema, toBrainDriveRun } from './braindriveRunView'

const tags = ['Evaluation']
const COMPAT =
  "BrainDrive-compat: not in the spec; BrainDrive's document-chat service answers it and its Chat-With-Docs plugin calls it"
/** Saved progress older than this is expired, as the plugin's resume banner expects. */
const EXPIRY_DAYS = 7
const HOUR_MS = 3_600_000

/** Reading runs and their saved state; the clock for the state's age. */
type RunListPorts = Pick<ApiPorts, 'clock'> & { store: Pick<Store, 'evaluation'> }

export const runsQuery = z.object({
  limit: z.coerce.number().int('must be an integer').min(1).max(100).default(50),
})

export const inProgressQuery = z.object({
  // Named by the plugin; a person's runs are their own on every host, so it selects nothing more.
  user_id: z.string().max(200).optional(),
  include_expired: booleanQuery.default(false),
})

const summarySchema = z.object({
  run_id: z.uuid(),
  model_name: z.string(),
  collection_id: z.uuid(),
  total_questions: z.int(),
  processed_questions: z.int(),
  remaining_questions: z.int(),
  last_updated: z.iso.datetime(),
  age_hours: z.number(),
  age_days: z.number(),
  is_expired: z.boolean(),
  progress_percentage: z.number(),
})

function modelNameOf(state: Record<string, unknown>): string {
  if (typeof state.llm_model === 'string') return state.llm_model
  const model = state.model as { name?: unknown } | undefined
  return typeof model?.name === 'string' ? model.name : ''
}

export const runListRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/evaluation/runs',
    operationId: 'listEvaluationRuns',
    summary: 'Evaluation runs, newest first, as BrainDrive’s plugin lists them',
    description: `${COMPAT} (src/services/evaluationApiService.ts). The runs of \`GET /api/evaluation/results\` in the plugin's form: \`{runs, total}\`, accuracy and progress in percent. \`limit\` 1..100, default 50; \`total\` counts every run.`,
    tags,
    query: runsQuery,
    responses: {
      200: {
        description: 'Runs',
        schema: z.object({ runs: z.array(braindriveRunSchema), total: z.int() }),
      },
      400: error('Invalid query'),
    },
    async handler({ query }, { store }: RunListPorts) {
      const runs = await store.evaluation.listEvaluationRuns()
      return {
        status: 200,
        body: { runs: runs.slice(0, query.limit).map(toBrainDriveRun), total: runs.length },
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/evaluation/state/in-progress',
    operationId: 'listEvaluationsInProgress',
    summary: 'Client-driven runs in progress that have saved state, for resuming',
    description: `${COMPAT} (src/evaluation-view/evaluationStateApiService.ts). Each client-driven run still in progress with saved state, newest state first; state older than ${EXPIRY_DAYS} days is expired and left out unless \`include_expired\`. \`processed_questions\` counts the plugin's \`processed_question_ids\` (else the run's answered questions).`,
    tags,
    query: inProgressQuery,
    responses: {
      200: {
        description: 'Runs in progress',
        schema: z.object({ evaluations: z.array(summarySchema), total_count: z.int() }),
      },
      400: error('Invalid query'),
    },
    async handler({ query }, { store, clock }: RunListPorts) {
      const now = clock.now()
      const evaluations: Array<z.output<typeof summarySchema>> = []
      for (const run of await store.evaluation.listEvaluationRuns()) {
        if (run.mode !== 'plugin' || run.status !== 'in_progress') continue
        const saved = await store.evaluation.getEvaluationState(run.id)
        if (!saved || typeof saved.state !== 'object' || saved.state === null) continue
        const state = saved.state as Record<string, unknown>
        const ageHours = (now - Date.parse(saved.saved_at)) / HOUR_MS
        const isExpired = ageHours > EXPIRY_DAYS * 24
        if (isExpired && !query.include_expired) continue
        const processed = Array.isArray(state.processed_question_ids)
          ? state.processed_question_ids.length
          : run.evaluated_count
        evaluations.push({
          run_id: run.id,
          model_name: modelNameOf(state),
          collection_id: run.collection_id,
          total_questions: run.total_questions,
          processed_questions: processed,
          remaining_questions: Math.max(0, run.total_questions - processed),
          last_updated: saved.saved_at,
          age_hours: ageHours,
          age_days: ageHours / 24,
          is_expired: isExpired,
          progress_percentage:
            run.total_questions === 0 ? 0 : Math.min(100, (100 * processed) / run.total_questions),
        })
      }
      evaluations.sort((a, b) => b.last_updated.localeCompare(a.last_updated))
      return { status: 200, body: { evaluations, total_count: evaluations.length } }
    },
  }),
]

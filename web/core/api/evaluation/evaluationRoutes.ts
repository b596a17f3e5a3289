import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import { errorResponse as error } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import { parseTestCases, TestCaseError } from '../../evaluate/parseTestCases'
import type { TestCase } from '../../evaluate/TestCase'
import type { EvaluationRun } from '../../store/EvaluationRun'
import type { Store } from '../../store/Store'
import { toTimestamp } from '../../kernel/time/Clock'
import {
  evaluationIdParams,
  evaluationRunIdParams,
  listRunsQuery,
  MAX_STATE_BYTES,
  pluginStartBody,
  pluginSubmitBody,
  runSchema,
  runSummarySchema,
  startRunBody,
  stateBody,
} from './evaluationSchemas'
import { toRunView } from './toRunView'
import { appendRunResults, RUN_NOT_FOUND } from './appendRunResults'
import { braindriveRunSchema, toBrainDriveResult, toBrainDriveRun } from './braindriveRunView'
import { requireCollection } from '../collections/requireCollection'

const tags = ['Evaluation']

/** Runs, their results and saved state; the collection a run names; the clock and new ids. */
type EvaluationPorts = Pick<ApiPorts, 'clock' | 'newId'> & {
  store: Pick<Store, 'evaluation' | 'collections'>
}

/** A server-driven run also reads its test cases (inline, or from the host's folder) and hands the run to the host's jobs. */
type EvaluationStartPorts = EvaluationPorts & Pick<ApiPorts, 'testCaseFiles' | 'evaluations'>

async function requireRun(ports: { store: Pick<Store, 'evaluation'> }, id: string): Promise<EvaluationRun> {
  const run = await ports.store.evaluation.getEvaluationRun(id)
  if (!run) throw ApiError.notFound(RUN_NOT_FOUND)
  return run
}

async function readTestCases(
  ports: Pick<ApiPorts, 'testCaseFiles'>,
  body: z.output<typeof startRunBody>,
): Promise<TestCase[]> {
  if ((body.test_cases_path === undefined) === (body.test_cases === undefined)) {
    throw ApiError.badRequest('test_cases_path: give exactly one of test_cases_path and test_cases')
  }
  let text: string
  if (body.test_cases !== undefined) text = JSON.stringify({ test_cases: body.test_cases })
  else if (!ports.testCaseFiles) {
    throw ApiError.badRequest(
      'test_cases_path: this host has no test-case folder; send the test cases themselves as test_cases',
    )
  } else text = await ports.testCaseFiles.read(body.test_cases_path!)
  try {
    return parseTestCases(text)
  } catch (failure) {
    if (failure instanceof TestCaseError) throw ApiError.badRequest(`test_cases: ${failure.message}`)
    throw failure
  }
}

export const evaluationRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: '/api/evaluation/run',
    operationId: 'startEvaluation',
    summary: 'Start a server-driven evaluation run',
    description:
      'Answers every test question as chat would (same retrieval, the generator chosen in settings), judges each answer (an LLM judge when a model generator is configured, else normalised token F1 >= 0.5 or the reference answer contained in the answer), and stores results as they come. Answers 202 at once; poll `GET /api/evaluation/results/{id}` until `is_completed`. On the server the run is an `evaluation_run` job (`job_id`): a run cut short by a restart goes on where it stopped; in the browser, runs go one at a time and one cut short by a closed tab ends `failed`.',
    tags,
    body: startRunBody,
    responses: {
      202: {
        description: 'Started',
        schema: z.object({
          evaluation_id: z.uuid(),
          status: z.literal('running'),
          message: z.string(),
          job_id: z
            .uuid()
            .optional()
            .describe('On the server: the `evaluation_run` job that works through it'),
        }),
      },
      400: error('Invalid request, path outside the test-case folder, or an unreadable test-case file'),
      404: error('Collection not found'),
    },
    async handler({ body }, ports: EvaluationStartPorts) {
      await requireCollection(ports, body.collection_id)
      const testCases = await readTestCases(ports, body)
      const run = await ports.store.evaluation.createEvaluationRun({
        id: ports.newId(),
        collection_id: body.collection_id,
        mode: 'server',
        status: 'running',
        user_id: null,
        total_questions: testCases.length,
        evaluated_count: 0,
        correct_count: 0,
        incorrect_count: 0,
        config: {
          ...body.config,
          ...(body.test_cases_path ? { test_cases_path: body.test_cases_path } : {}),
        },
        error: null,
        created_at: toTimestamp(ports.clock.now()),
        completed_at: null,
        results: [],
      })
      const scheduled = await ports.evaluations.start(run, testCases)
      return {
        status: 202,
        body: {
          ...scheduled,
          evaluation_id: run.id,
          status: 'running',
          message: `Evaluating ${testCases.length} question(s) in the background`,
        },
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/evaluation/results',
    operationId: 'listEvaluations',
    summary: 'List evaluation runs, newest first (without their results)',
    description: 'Not in the spec: the history behind an accuracy-over-runs chart.',
    tags,
    query: listRunsQuery,
    responses: {
      200: { description: 'Runs', schema: z.array(runSummarySchema) },
      400: error('Invalid query'),
    },
    async handler({ query }, { store }: EvaluationPorts) {
      const runs = await store.evaluation.listEvaluationRuns({ collectionId: query.collection_id })
      return { status: 200, body: runs.map((run) => toRunView(run, false)) }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/evaluation/results/:evaluation_id',
    operationId: 'getEvaluation',
    summary: 'Progress and results of an evaluation run',
    description:
      "`accuracy` is over the questions evaluated so far; `is_completed` turns true once the run has ended, completed or failed (`status` and `error` say which). BrainDrive-compat, not in the spec: `evaluation_run` is the run as BrainDrive's Chat-With-Docs plugin reads it (accuracy and progress in percent), and each result also carries its `test_case_id`, `llm_answer`, `judge_correct`, `judge_reasoning` and `retrieved_context`.",
    tags,
    params: evaluationIdParams,
    notFoundDetail: RUN_NOT_FOUND,
    responses: {
      200: {
        description: 'The run',
        schema: runSchema.extend({ evaluation_run: braindriveRunSchema }),
      },
      404: error(RUN_NOT_FOUND),
    },
    async handler({ params }, ports: EvaluationPorts) {
      const run = await requireRun(ports, params.evaluation_id)
      return {
        status: 200,
        body: {
          ...toRunView(run),
          evaluation_run: toBrainDriveRun(run),
          results: run.results.map((result, index) => toBrainDriveResult(result, index, run)),
        },
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/evaluation/plugin/start',
    operationId: 'startPluginEvaluation',
    summary: 'Start a client-driven evaluation run',
    description: 'The client answers and judges the questions itself and submits results in batches.',
    tags,
    body: pluginStartBody,
    responses: {
      200: {
        description: 'The run, in progress',
        schema: z.object({
          evaluation_run_id: z.uuid(),
          collection_id: z.uuid(),
          total_questions: z.int(),
          status: z.literal('in_progress'),
        }),
      },
      400: error('Invalid request data'),
      404: error('Collection not found'),
    },
    async handler({ body }, ports: EvaluationPorts) {
      await requireCollection(ports, body.collection_id)
      const run = await ports.store.evaluation.createEvaluationRun({
        id: ports.newId(),
        collection_id: body.collection_id,
        mode: 'plugin',
        status: 'in_progress',
        user_id: body.user_id,
        total_questions: body.total_questions,
        evaluated_count: 0,
        correct_count: 0,
        incorrect_count: 0,
        config: body.config,
        error: null,
        created_at: toTimestamp(ports.clock.now()),
        completed_at: null,
        results: [],
      })
      return {
        status: 200,
        body: {
          evaluation_run_id: run.id,
          collection_id: run.collection_id,
          total_questions: run.total_questions,
          status: 'in_progress',
        },
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/evaluation/plugin/submit',
    operationId: 'submitPluginResults',
    summary: 'Submit results of a client-driven run',
    description:
      'Results are appended in order. The run completes when `total_questions` results have arrived; more than that answers 400, and a completed run answers 409.',
    tags,
    body: pluginSubmitBody,
    responses: {
      200: {
        description: 'Saved',
        schema: z.object({
          evaluation_run_id: z.uuid(),
          results_saved: z.int(),
          new_evaluated_count: z.int(),
          is_completed: z.boolean(),
        }),
      },
      400: error('Invalid request data, or more results than questions'),
      404: error(RUN_NOT_FOUND),
      409: error('The run is not a client-driven run in progress'),
    },
    async handler({ body }, ports: EvaluationPorts) {
      const run = await requireRun(ports, body.evaluation_run_id)
      if (run.mode !== 'plugin') throw new ApiError(409, 'This run is server-driven; its results are its own')
      if (run.status !== 'in_progress') throw new ApiError(409, `The run is already ${run.status}`)
      const room = run.total_questions - run.evaluated_count
      if (body.results.length > room) {
        throw ApiError.badRequest(
          `results: the run has ${run.evaluated_count} of ${run.total_questions} results; at most ${room} more fit`,
        )
      }
      const { run: updated, completed } = await appendRunResults(
        ports,
        run.id,
        body.results.map((result) => ({
          question: result.question,
          answer: result.generated_answer,
          is_correct: result.is_correct,
          confidence: result.evaluation_metadata.confidence ?? (result.is_correct ? 1 : 0),
          chunks_used: result.retrieved_chunks.length,
          ground_truth: result.evaluation_metadata.ground_truth ?? null,
          category: result.evaluation_metadata.category ?? null,
          reasoning: result.evaluation_metadata.judge_reasoning ?? null,
          retrieved_chunks: result.retrieved_chunks,
        })),
      )
      return {
        status: 200,
        body: {
          evaluation_run_id: run.id,
          results_saved: body.results.length,
          new_evaluated_count: updated.evaluated_count,
          is_completed: completed,
        },
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/evaluation/state/:evaluation_run_id',
    operationId: 'saveEvaluationState',
    summary: "Save a client's progress through a run",
    description: `Replaces the saved state. At most ${MAX_STATE_BYTES / 1048576} MB of JSON, else 413. The spec's fields are checked when present; BrainDrive's Chat-With-Docs plugin saves its own form (user_id, model, llm_model, persona, collection_id, test_cases, processed_question_ids, current_batch, last_updated), which is kept as sent. Differs from BrainDrive: the answer is the spec's \`{evaluation_run_id, saved}\`, not the reference's \`{success, state_id}\`, and a run must exist (404 otherwise).`,
    tags,
    params: evaluationRunIdParams,
    notFoundDetail: RUN_NOT_FOUND,
    body: stateBody,
    responses: {
      200: { description: 'Saved', schema: z.object({ evaluation_run_id: z.uuid(), saved: z.boolean() }) },
      400: error('Invalid state'),
      404: error(RUN_NOT_FOUND),
      413: error('State larger than 10 MB'),
    },
    async handler({ params, body }, ports: EvaluationPorts) {
      const size = new TextEncoder().encode(JSON.stringify(body)).length
      if (size > MAX_STATE_BYTES) {
        throw new ApiError(413, `The state is ${(size / 1048576).toFixed(1)} MB; at most 10 MB can be saved`)
      }
      await requireRun(ports, params.evaluation_run_id)
      await ports.store.evaluation.saveEvaluationState(
        params.evaluation_run_id,
        body,
        toTimestamp(ports.clock.now()),
      )
      return { status: 200, body: { evaluation_run_id: params.evaluation_run_id, saved: true } }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/evaluation/state/:evaluation_run_id',
    operationId: 'getEvaluationState',
    summary: "A client's saved progress through a run",
    description: '`found` is false (and `state` empty) when the run exists but nothing was saved yet.',
    tags,
    params: evaluationRunIdParams,
    notFoundDetail: RUN_NOT_FOUND,
    responses: {
      200: {
        description: 'The saved state',
        schema: z.object({
          evaluation_run_id: z.uuid(),
          state: z.record(z.string(), z.unknown()),
          found: z.boolean(),
          saved_at: z.iso.datetime().nullable(),
        }),
      },
      404: error(RUN_NOT_FOUND),
    },
    async handler({ params }, ports: EvaluationPorts) {
      await requireRun(ports, params.evaluation_run_id)
      const saved = await ports.store.evaluation.getEvaluationState(params.evaluation_run_id)
      return {
        status: 200,
        body: {
          evaluation_run_id: params.evaluation_run_id,
          state: saved?.state ?? {},
          found: saved !== undefined,
          saved_at: saved?.saved_at ?? null,
        },
      }
    },
  }),
]

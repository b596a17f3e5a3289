import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import { errorResponse as error } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import type { SearchPorts } from '../search/SearchPorts'
import { judgeGrounded } from '../../evaluate/judgeGrounded'
import { searchChunks } from '../../retrieve/searchChunks'
import type { Store } from '../../store/Store'
import { toTimestamp } from '../../kernel/time/Clock'
import { questionCasesOf } from './braindriveRunView'
import { appendRunResults, RUN_NOT_FOUND } from './appendRunResults'
import { requireCollection } from '../collections/requireCollection'

const tags = ['Evaluation']
/** Passages retrieved for each question, as the reference service's evaluation does. */
const CONTEXT_TOP_K = 5
const COMPAT =
  "BrainDrive-compat: not in the spec; BrainDrive's document-chat service answers it and its Chat-With-Docs plugin calls it (src/services/evaluationApiService.ts)."

/** Starting reads the collection's passages for each question and creates the run; the clock and new ids. */
type StartPorts = SearchPorts &
  Pick<ApiPorts, 'clock' | 'newId'> & { store: Pick<Store, 'evaluation' | 'collections'> }

/** Submitting reads and appends to the run, and completes it. */
type SubmitPorts = Pick<ApiPorts, 'clock'> & { store: Pick<Store, 'evaluation'> }

const question = z.string().trim().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters')

export const startWithQuestionsBody = z.object({
  collection_id: z.uuid(),
  questions: z.array(question).min(1, 'must hold at least one question').max(200, 'must hold at most 200'),
  llm_model: z.string().max(200).optional(),
  persona: z.looseObject({ name: z.string().max(200).nullish() }).nullish(),
})

export const submitWithQuestionsBody = z.object({
  evaluation_run_id: z.uuid(),
  submissions: z
    .array(
      z.object({
        test_case_id: z.string().min(1).max(200),
        llm_answer: z.string().max(100_000),
        retrieved_context: z.string().max(200_000).default(''),
      }),
    )
    .min(1, 'must hold at least one submission')
    .max(1000, 'must hold at most 1000'),
})

export const questionRunRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: '/api/evaluation/plugin/start-with-questions',
    operationId: 'startEvaluationWithQuestions',
    summary: 'Start a client-driven run over the person’s own questions, with each question’s passages',
    description: `${COMPAT} Searches the collection for each question (top ${CONTEXT_TOP_K}, hybrid) and answers the passages as \`retrieved_context\`, so the client answers each with its own model and submits with \`plugin/submit-with-questions\`. The run is a client-driven run (\`mode: plugin\`) whose config keeps the questions with their \`test_case_id\`s (\`q1\`, \`q2\`, ...). At most 200 questions.`,
    tags,
    body: startWithQuestionsBody,
    responses: {
      200: {
        description: 'The run and its test data',
        schema: z.object({
          evaluation_run_id: z.uuid(),
          test_data: z.array(
            z.object({
              test_case_id: z.string(),
              question: z.string(),
              category: z.string(),
              retrieved_context: z.string(),
            }),
          ),
        }),
      },
      400: error('Invalid request data'),
      404: error('Collection not found'),
    },
    async handler({ body }, ports: StartPorts) {
      await requireCollection(ports, body.collection_id)
      const testData = []
      for (const [index, text] of body.questions.entries()) {
        const found = await searchChunks(ports, {
          queries: [text],
          collectionIds: [body.collection_id],
          topK: CONTEXT_TOP_K,
          hybrid: true,
        })
        testData.push({
          test_case_id: `q${index + 1}`,
          question: text,
          category: 'custom',
          retrieved_context: found.chunks.map(({ chunk }) => chunk.text).join('\n\n'),
        })
      }
      const run = await ports.store.evaluation.createEvaluationRun({
        id: ports.newId(),
        collection_id: body.collection_id,
        mode: 'plugin',
        status: 'in_progress',
        user_id: null,
        total_questions: testData.length,
        evaluated_count: 0,
        correct_count: 0,
        incorrect_count: 0,
        config: {
          source: 'questions',
          top_k: CONTEXT_TOP_K,
          ...(body.llm_model ? { llm_model: body.llm_model } : {}),
          ...(body.persona?.name ? { persona: body.persona.name } : {}),
          test_cases: testData.map(({ test_case_id, question }) => ({ test_case_id, question })),
        },
        error: null,
        created_at: toTimestamp(ports.clock.now()),
        completed_at: null,
        results: [],
      })
      return { status: 200, body: { evaluation_run_id: run.id, test_data: testData } }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/evaluation/plugin/submit-with-questions',
    operationId: 'submitEvaluationWithQuestions',
    summary: 'Submit answers to a run started with the person’s own questions; each is judged',
    description: `${COMPAT} Each answer is judged at once against the passages it was given (the questions have no reference answers): correct when at least half of its words occur in its \`retrieved_context\` (\`judgeGrounded\`), the share being the confidence. Differs from BrainDrive: its service judges in the background with an LLM (OpenAI); Quire judges by grounding, before it answers 202. The run completes when every question has an answer; a test_case_id the run does not have, or more answers than questions, answers 400; a completed run 409.`,
    tags,
    body: submitWithQuestionsBody,
    responses: {
      202: {
        description: 'Judged and saved',
        schema: z.object({
          message: z.string(),
          evaluation_run_id: z.uuid(),
          submitted_count: z.int(),
        }),
      },
      400: error('Invalid request data, an unknown test_case_id, or more answers than questions'),
      404: error(RUN_NOT_FOUND),
      409: error('The run is not a client-driven run in progress'),
    },
    async handler({ body }, ports: SubmitPorts) {
      const run = await ports.store.evaluation.getEvaluationRun(body.evaluation_run_id)
      if (!run) throw ApiError.notFound(RUN_NOT_FOUND)
      if (run.mode !== 'plugin') throw new ApiError(409, 'This run is server-driven; its results are its own')
      if (run.status !== 'in_progress') throw new ApiError(409, `The run is already ${run.status}`)
      const cases = new Map(questionCasesOf(run).map((c) => [c.test_case_id, c.question]))
      const room = run.total_questions - run.evaluated_count
      if (body.submissions.length > room) {
        throw ApiError.badRequest(
          `submissions: the run has ${run.evaluated_count} of ${run.total_questions} answers; at most ${room} more fit`,
        )
      }
      const results = body.submissions.map((submission, index) => {
        const asked = cases.get(submission.test_case_id)
        if (asked === undefined) {
          throw ApiError.badRequest(
            `submissions[${index}].test_case_id: ${JSON.stringify(submission.test_case_id.slice(0, 50))} is not a question of this run`,
          )
        }
        const verdict = judgeGrounded(submission.llm_answer, submission.retrieved_context)
        return {
          question: asked,
          answer: submission.llm_answer,
          ...verdict,
          chunks_used: submission.retrieved_context.trim() === '' ? 0 : 1,
          ground_truth: null,
          category: 'custom',
          retrieved_chunks: submission.retrieved_context === '' ? [] : [submission.retrieved_context],
        }
      })
      await appendRunResults(ports, run.id, results)
      return {
        status: 202,
        body: {
          message: `Judged ${results.length} answer(s)`,
          evaluation_run_id: run.id,
          submitted_count: results.length,
        },
      }
    },
  }),
]

import { check, checkEqual, checkMatch, UUID_V4 } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { addMarkdown, expectStatus, newCollection, UNKNOWN_ID } from './contractFixtures'
import { responseJson } from './responseJson'

const NOTES = `# Observatory log

## Comet

The comet was first seen on 12 March from the western dome, low above the horizon.

## Telescope

The main telescope has a mirror 1.8 metres across, ground in Jena in 1962.
`

interface RunView {
  id: string
  status: string
  mode: string
  total_questions: number
  evaluated_count: number
  correct_count: number
  incorrect_count: number
  accuracy: number
  is_completed: boolean
  config: Record<string, unknown>
  results: Array<{
    question: string
    answer: string
    is_correct: boolean
    confidence: number
    chunks_used: number
  }>
}

async function results(client: ContractClient, id: string): Promise<RunView> {
  const response = await client({ method: 'GET', path: `/api/evaluation/results/${id}` })
  checkEqual(response.status, 200, `results status (body ${response.text.slice(0, 200)})`)
  return responseJson<RunView>(response)
}

async function finished(client: ContractClient, id: string): Promise<RunView> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const run = await results(client, id)
    if (run.is_completed) return run
    check(Date.now() < deadline, `evaluation ${id} still ${run.status} after 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** BrainDrive's plugin starting a client-driven run (it answers and judges, then submits). */
const startPluginRun = (client: ContractClient, json: Record<string, unknown>) =>
  client({ method: 'POST', path: '/api/evaluation/plugin/start', json })

/** A new collection with a plugin run started on it: the collection, and the start's response to check. */
async function pluginRunOn(client: ContractClient, label: string, run: Record<string, unknown>) {
  const collection = await newCollection(client, label)
  const start = await startPluginRun(client, { collection_id: collection.id, ...run })
  return { collection, start }
}

export const evaluationContract: HostCase<ContractClient>[] = [
  {
    name: 'POST /api/evaluation/run answers and judges every question in the background',
    async run(client) {
      const collection = await newCollection(client, 'Evaluation')
      await addMarkdown(client, collection.id, 'observatory.md', NOTES)
      const test_cases = [
        { id: 'q1', question: 'When was the comet first seen?', ground_truth: '12 March' },
        { id: 'q2', question: 'How wide is the mirror of the main telescope?', ground_truth: '1.8 metres' },
      ]
      const response = await client({
        method: 'POST',
        path: '/api/evaluation/run',
        json: { collection_id: collection.id, test_cases, config: { top_k: 3, use_hybrid_search: true } },
      })
      checkEqual(response.status, 202, `start status (body ${response.text.slice(0, 300)})`)
      const started = responseJson<{ evaluation_id: string; status: string; message: string }>(response)
      checkMatch(started.evaluation_id, UUID_V4, 'evaluation_id')
      checkEqual(started.status, 'running', 'status')

      const run = await finished(client, started.evaluation_id)
      checkEqual(run.status, 'completed', 'completed')
      checkEqual(run.total_questions, 2, 'total_questions')
      checkEqual(run.evaluated_count, 2, 'evaluated_count')
      checkEqual(run.correct_count + run.incorrect_count, 2, 'correct + incorrect')
      checkEqual(run.accuracy, run.correct_count / 2, 'accuracy')
      checkEqual(run.config.top_k, 3, 'config kept')
      checkEqual(
        run.results.map((r) => r.question),
        test_cases.map((t) => t.question),
        'results in order',
      )
      for (const result of run.results) {
        check(result.answer.length > 0, 'an answer')
        check(result.chunks_used > 0 && result.chunks_used <= 3, 'chunks_used within top_k')
        check(result.confidence >= 0 && result.confidence <= 1, 'confidence in [0, 1]')
      }
      // Both answers are single sentences of the document: the judge should accept them.
      checkEqual(run.correct_count, 2, `both correct: ${JSON.stringify(run.results.map((r) => r.answer))}`)

      const listed = responseJson<RunView[]>(
        await client({ method: 'GET', path: `/api/evaluation/results?collection_id=${collection.id}` }),
      )
      checkEqual(
        listed.map((r) => r.id),
        [run.id],
        'listed by collection',
      )
    },
  },
  {
    name: 'POST /api/evaluation/run refuses bad requests',
    async run(client) {
      const collection = await newCollection(client, 'Evaluation')
      const post = (json: unknown) => client({ method: 'POST', path: '/api/evaluation/run', json })
      const one = [{ question: 'q?', ground_truth: 'a' }]
      expectStatus(await post({ collection_id: collection.id }), 400, 'test_cases')
      expectStatus(
        await post({ collection_id: collection.id, test_cases: one, test_cases_path: 'cases.json' }),
        400,
        'test_cases',
      )
      expectStatus(
        await post({ collection_id: collection.id, test_cases: [{ question: 'q?' }] }),
        400,
        'test_cases',
      )
      expectStatus(await post({ collection_id: collection.id, test_cases: [] }), 400, 'test_cases')
      // Outside the test-case folder (or no folder at all, in the browser): refused either way.
      expectStatus(await post({ collection_id: collection.id, test_cases_path: '../../etc/passwd' }), 400)
      expectStatus(await post({ collection_id: collection.id, test_cases_path: '/etc/passwd' }), 400)
      expectStatus(
        await post({ collection_id: collection.id, test_cases: one, config: { top_k: 0 } }),
        400,
        'top_k',
      )
      expectStatus(await post({ collection_id: UNKNOWN_ID, test_cases: one }), 404)
      expectStatus(await client({ method: 'GET', path: `/api/evaluation/results/${UNKNOWN_ID}` }), 404)
      expectStatus(await client({ method: 'GET', path: '/api/evaluation/results/not-a-uuid' }), 404)
    },
  },
  {
    name: 'the plugin flow: start, submit in batches, complete, then refuse more',
    async run(client) {
      const { collection, start } = await pluginRunOn(client, 'Plugin', {
        total_questions: 3,
        user_id: 'plugin-user',
        config: { top_k: 4 },
      })
      checkEqual(start.status, 200, `start (body ${start.text.slice(0, 200)})`)
      const run = responseJson<{ evaluation_run_id: string; status: string; total_questions: number }>(start)
      checkEqual(run.status, 'in_progress', 'in_progress')
      checkEqual(run.total_questions, 3, 'total_questions')
      const result = (n: number, correct: boolean) => ({
        question: `Question ${n}?`,
        generated_answer: `Answer ${n}`,
        retrieved_chunks: ['a passage', 'another'],
        is_correct: correct,
        evaluation_metadata: { judge_reasoning: correct ? 'matches' : 'does not match' },
      })
      const submit = (results: unknown[]) =>
        client({
          method: 'POST',
          path: '/api/evaluation/plugin/submit',
          json: { evaluation_run_id: run.evaluation_run_id, results },
        })
      const first = responseJson<Record<string, unknown>>(await submit([result(1, true), result(2, false)]))
      checkEqual(first.results_saved, 2, 'results_saved')
      checkEqual(first.new_evaluated_count, 2, 'new_evaluated_count')
      checkEqual(first.is_completed, false, 'not complete yet')
      expectStatus(await submit([result(3, true), result(4, true)]), 400, 'results')
      const last = responseJson<Record<string, unknown>>(await submit([result(3, true)]))
      checkEqual(last.is_completed, true, 'complete')
      expectStatus(await submit([result(5, true)]), 409)

      const view = await results(client, run.evaluation_run_id)
      checkEqual(view.mode, 'plugin', 'mode')
      checkEqual(view.status, 'completed', 'status')
      checkEqual([view.correct_count, view.incorrect_count], [2, 1], 'counts')
      checkEqual(view.accuracy, 2 / 3, 'accuracy')
      checkEqual(view.results[1]?.chunks_used, 2, 'chunks_used from retrieved_chunks')

      expectStatus(
        await client({
          method: 'POST',
          path: '/api/evaluation/plugin/submit',
          json: { evaluation_run_id: UNKNOWN_ID, results: [result(1, true)] },
        }),
        404,
      )
      expectStatus(
        await startPluginRun(client, { collection_id: collection.id, total_questions: 0, user_id: 'u' }),
        400,
        'total_questions',
      )
    },
  },
  {
    name: 'evaluation state is saved, read back, refused over 10 MB, and deleted',
    async run(client) {
      const { start } = await pluginRunOn(client, 'State', { total_questions: 2, user_id: 'u' })
      const id = responseJson<{ evaluation_run_id: string }>(start).evaluation_run_id
      const path = `/api/evaluation/state/${id}`
      const empty = responseJson<Record<string, unknown>>(await client({ method: 'GET', path }))
      checkEqual([empty.found, empty.state], [false, {}], 'nothing saved yet')

      const state = {
        current_question_index: 1,
        answered_questions: 1,
        user_answers: { '0': 'Answer one, ünïcödé' },
        evaluation_results: [{ question: 'q', is_correct: true }],
      }
      const saved = await client({ method: 'POST', path, json: state })
      checkEqual(
        responseJson<Record<string, unknown>>(saved),
        { evaluation_run_id: id, saved: true },
        'saved',
      )
      const read = responseJson<Record<string, unknown>>(await client({ method: 'GET', path }))
      checkEqual([read.found, read.state], [true, state], 'read back')

      expectStatus(
        await client({ method: 'POST', path, json: { ...state, user_answers: 'x' } }),
        400,
        'user_answers',
      )
      expectStatus(await client({ method: 'POST', path, json: { ...state, answered_questions: -1 } }), 400)
      const huge = { ...state, evaluation_results: ['x'.repeat(10.5 * 1024 * 1024)] }
      expectStatus(await client({ method: 'POST', path, json: huge }), 413)
      const after = responseJson<Record<string, unknown>>(await client({ method: 'GET', path }))
      checkEqual(after.state, state, 'a refused save keeps the saved state')
      expectStatus(
        await client({ method: 'POST', path: `/api/evaluation/state/${UNKNOWN_ID}`, json: state }),
        404,
      )
      expectStatus(await client({ method: 'GET', path: `/api/evaluation/state/${UNKNOWN_ID}` }), 404)

      // Forgotten as BrainDrive's plugin asks (with its user_id), twice; the run stays.
      expectStatus(await client({ method: 'DELETE', path: `${path}?user_id=u` }), 204)
      const gone = responseJson<Record<string, unknown>>(await client({ method: 'GET', path }))
      checkEqual([gone.found, gone.state], [false, {}], 'deleted')
      expectStatus(await client({ method: 'DELETE', path }), 204)
      expectStatus(await client({ method: 'GET', path: `/api/evaluation/results/${id}` }), 200)
      expectStatus(await client({ method: 'DELETE', path: `/api/evaluation/state/${UNKNOWN_ID}` }), 404)
      expectStatus(await client({ method: 'DELETE', path: '/api/evaluation/state/not-a-run' }), 404)
      expectStatus(
        await client({ method: 'DELETE', path: `${path}?user_id=${'u'.repeat(201)}` }),
        400,
        'user_id',
      )
    },
  },
]

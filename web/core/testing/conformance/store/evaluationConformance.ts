import type { EvaluationResult } from '../../../store/EvaluationRun'
import { check, checkEqual } from '../../check'
import type { HostCase } from '../../HostCase'
import { newCollection, newEvaluationResult, newEvaluationRun, nextTimestamp } from './fixtures'
import { rejects } from './rejects'
import type { StoreConformanceContext } from './StoreConformanceContext'

const ids = (records: Array<{ id: string }>) => records.map((r) => r.id)
const UNKNOWN_ID = '00000000-0000-4003-8000-ffffffffffff'

/** What every Store adapter must do with evaluation runs, their results and their saved state. */
export const evaluationConformance: HostCase<StoreConformanceContext>[] = [
  {
    name: 'creates an evaluation run with its results and reads it back',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const results = [newEvaluationResult({ is_correct: true }), newEvaluationResult({ is_correct: false })]
      const run = newEvaluationRun(collection.id, {
        mode: 'plugin',
        status: 'in_progress',
        user_id: 'user-7',
        evaluated_count: 2,
        correct_count: 1,
        incorrect_count: 1,
        results,
      })
      checkEqual(await store.evaluation.createEvaluationRun(run), run, 'created run')
      checkEqual(await store.evaluation.getEvaluationRun(run.id), run, 'run read back')
      const empty = newEvaluationRun(collection.id)
      await store.evaluation.createEvaluationRun(empty)
      checkEqual(await store.evaluation.getEvaluationRun(empty.id), empty, 'run without results')
      checkEqual(await store.evaluation.getEvaluationRun(UNKNOWN_ID), undefined, 'unknown id')
      checkEqual(await store.evaluation.getEvaluationRun('not-a-uuid'), undefined, 'malformed id')
    },
  },
  {
    name: 'refuses a duplicate evaluation run id and a run in an unknown collection',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const run = await store.evaluation.createEvaluationRun(newEvaluationRun(collection.id))
      check(
        await rejects(() =>
          store.evaluation.createEvaluationRun({
            ...run,
            status: 'failed',
            results: [newEvaluationResult()],
          }),
        ),
        'duplicate id accepted',
      )
      checkEqual(await store.evaluation.getEvaluationRun(run.id), run, 'original kept, results included')
      const orphan = newEvaluationRun('00000000-0000-4000-8000-fffffffffffb')
      check(
        await rejects(() => store.evaluation.createEvaluationRun(orphan)),
        'run in an unknown collection accepted',
      )
      checkEqual(ids(await store.evaluation.listEvaluationRuns()), [run.id], 'runs stored')
    },
  },
  {
    name: 'lists evaluation runs newest first as full records, by collection',
    async run({ store }) {
      const a = await store.collections.createCollection(newCollection())
      const b = await store.collections.createCollection(newCollection())
      checkEqual(await store.evaluation.listEvaluationRuns(), [], 'no runs')
      const first = await store.evaluation.createEvaluationRun(
        newEvaluationRun(a.id, { results: [newEvaluationResult()], evaluated_count: 1 }),
      )
      const second = await store.evaluation.createEvaluationRun(newEvaluationRun(b.id))
      const sameTime = await store.evaluation.createEvaluationRun(
        newEvaluationRun(a.id, { created_at: second.created_at, results: [newEvaluationResult()] }),
      )
      checkEqual(
        await store.evaluation.listEvaluationRuns(),
        [sameTime, second, first],
        'all runs, results included',
      )
      checkEqual(await store.evaluation.listEvaluationRuns({}), [sameTime, second, first], 'empty filter')
      checkEqual(
        await store.evaluation.listEvaluationRuns({ collectionId: a.id }),
        [sameTime, first],
        'collection a',
      )
      checkEqual(
        await store.evaluation.listEvaluationRuns({ collectionId: UNKNOWN_ID }),
        [],
        'unknown collection',
      )
    },
  },
  {
    name: 'updates only the fields in the evaluation run patch',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const run = await store.evaluation.createEvaluationRun(
        newEvaluationRun(collection.id, { results: [newEvaluationResult()] }),
      )
      const total = await store.evaluation.updateEvaluationRun(run.id, { total_questions: 3 })
      checkEqual(total, { ...run, total_questions: 3 }, 'after total_questions')
      const completedAt = nextTimestamp()
      const done = await store.evaluation.updateEvaluationRun(run.id, {
        status: 'failed',
        error: 'Generator unreachable: “timeout”',
        completed_at: completedAt,
        config: { top_k: 8, nested: { judge: 'f1' } },
      })
      checkEqual(
        done,
        {
          ...run,
          total_questions: 3,
          status: 'failed',
          error: 'Generator unreachable: “timeout”',
          completed_at: completedAt,
          config: { top_k: 8, nested: { judge: 'f1' } },
        },
        'after completion',
      )
      const cleared = await store.evaluation.updateEvaluationRun(run.id, { error: null, completed_at: null })
      checkEqual(cleared?.error, null, 'error cleared by null')
      checkEqual(cleared?.completed_at, null, 'completed_at cleared by null')
      checkEqual(cleared?.status, 'failed', 'status untouched')
      checkEqual(await store.evaluation.updateEvaluationRun(run.id, {}), cleared, 'empty patch')
      checkEqual(await store.evaluation.getEvaluationRun(run.id), cleared, 'update persisted')
      checkEqual(
        await store.evaluation.updateEvaluationRun(UNKNOWN_ID, { status: 'completed' }),
        undefined,
        'unknown run',
      )
      checkEqual(await store.evaluation.getEvaluationRun(UNKNOWN_ID), undefined, 'nothing created')
    },
  },
  {
    name: 'appends evaluation results in order and adds them to the counts',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const existing = newEvaluationResult({ is_correct: true })
      const run = await store.evaluation.createEvaluationRun(
        newEvaluationRun(collection.id, { results: [existing], evaluated_count: 1, correct_count: 1 }),
      )
      const batch = [
        newEvaluationResult({ is_correct: false, ground_truth: null, category: null, reasoning: null }),
        newEvaluationResult({ is_correct: true, retrieved_chunks: [], confidence: 1, chunks_used: 0 }),
        newEvaluationResult({ is_correct: false, answer: 'Ünïcödé 📚 “answer”', retrieved_chunks: ['中文'] }),
      ]
      const after = await store.evaluation.appendEvaluationResults(run.id, batch)
      const expected = {
        ...run,
        evaluated_count: 4,
        correct_count: 2,
        incorrect_count: 2,
        results: [existing, ...batch],
      }
      checkEqual(after, expected, 'after the first append')
      const last = newEvaluationResult({ is_correct: true })
      const again = await store.evaluation.appendEvaluationResults(run.id, [last])
      checkEqual(
        again,
        { ...expected, evaluated_count: 5, correct_count: 3, results: [...expected.results, last] },
        'after the second append',
      )
      checkEqual(
        await store.evaluation.appendEvaluationResults(run.id, []),
        again,
        'an empty append changes nothing',
      )
      checkEqual(await store.evaluation.getEvaluationRun(run.id), again, 'appends persisted')
      checkEqual(await store.evaluation.appendEvaluationResults(UNKNOWN_ID, [last]), undefined, 'unknown run')
      checkEqual(await store.evaluation.getEvaluationRun(UNKNOWN_ID), undefined, 'nothing created')
    },
  },
  {
    name: 'counts every one of many concurrent appends',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const run = await store.evaluation.createEvaluationRun(
        newEvaluationRun(collection.id, { total_questions: 30 }),
      )
      const batches: EvaluationResult[][] = Array.from({ length: 12 }, (_, i) =>
        Array.from({ length: (i % 3) + 1 }, (_, j) => newEvaluationResult({ is_correct: (i + j) % 3 === 0 })),
      )
      await Promise.all(batches.map((batch) => store.evaluation.appendEvaluationResults(run.id, batch)))
      const all = batches.flat()
      const correct = all.filter((r) => r.is_correct).length
      const stored = await store.evaluation.getEvaluationRun(run.id)
      checkEqual(stored?.evaluated_count, all.length, 'evaluated_count')
      checkEqual(stored?.correct_count, correct, 'correct_count')
      checkEqual(stored?.incorrect_count, all.length - correct, 'incorrect_count')
      const results = stored?.results ?? []
      checkEqual(results.length, all.length, 'results stored')
      // Batches may land in any order, but each one whole and in its own order.
      for (const batch of batches) {
        const start = results.findIndex((r) => r.question === batch[0]?.question)
        checkEqual(results.slice(start, start + batch.length), batch, 'a batch kept together')
      }
    },
  },
  {
    name: 'saves, replaces and reads the saved state of an evaluation run',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const run = await store.evaluation.createEvaluationRun(
        newEvaluationRun(collection.id, { mode: 'plugin' }),
      )
      const other = await store.evaluation.createEvaluationRun(
        newEvaluationRun(collection.id, { mode: 'plugin' }),
      )
      checkEqual(await store.evaluation.getEvaluationState(run.id), undefined, 'nothing saved yet')
      const first = {
        current_question_index: 2,
        answered_questions: 2,
        user_answers: { '0': 'Paris', '1': 'Ünïcödé 📚' },
        evaluation_results: [{ question: 'q?', is_correct: true, nested: { list: [1, null, 'x'] } }],
      }
      // Each save reads back as it was saved, with its time.
      const saveAndRead = async (runId: string, state: unknown, at: string, what: string) => {
        await store.evaluation.saveEvaluationState(runId, state, at)
        checkEqual(await store.evaluation.getEvaluationState(runId), { state, saved_at: at }, what)
      }
      const firstAt = nextTimestamp()
      await saveAndRead(run.id, first, firstAt, 'first state')
      const second = {
        current_question_index: 3,
        answered_questions: 3,
        user_answers: {},
        evaluation_results: [],
      }
      await saveAndRead(run.id, second, nextTimestamp(), 'replaced state')
      await saveAndRead(other.id, ['any', 'json', 3], firstAt, 'state of the other run')
      checkEqual((await store.evaluation.getEvaluationState(run.id))?.state, second, 'first run untouched')
      check(
        await rejects(() => store.evaluation.saveEvaluationState(UNKNOWN_ID, first, firstAt)),
        'unknown run accepted',
      )
      checkEqual(
        await store.evaluation.getEvaluationState(UNKNOWN_ID),
        undefined,
        'no state for an unknown run',
      )
      checkEqual(await store.evaluation.deleteEvaluationState(run.id), true, 'deleted')
      checkEqual(await store.evaluation.getEvaluationState(run.id), undefined, 'state gone')
      checkEqual(await store.evaluation.deleteEvaluationState(run.id), false, 'nothing left to delete')
      check(await store.evaluation.getEvaluationRun(run.id), 'the run stays')
      checkEqual(
        (await store.evaluation.getEvaluationState(other.id))?.state,
        ['any', 'json', 3],
        'the other run keeps its state',
      )
    },
  },
  {
    name: 'deleting a collection deletes its evaluation runs and their state, and nothing else',
    async run({ store }) {
      const doomed = await store.collections.createCollection(newCollection())
      const kept = await store.collections.createCollection(newCollection())
      const gone = await store.evaluation.createEvaluationRun(
        newEvaluationRun(doomed.id, { results: [newEvaluationResult()] }),
      )
      const stays = await store.evaluation.createEvaluationRun(
        newEvaluationRun(kept.id, { results: [newEvaluationResult()] }),
      )
      const savedAt = nextTimestamp()
      await store.evaluation.saveEvaluationState(gone.id, { current_question_index: 1 }, savedAt)
      await store.evaluation.saveEvaluationState(stays.id, { current_question_index: 4 }, savedAt)
      checkEqual(await store.collections.deleteCollection(doomed.id), true, 'delete')
      checkEqual(await store.evaluation.getEvaluationRun(gone.id), undefined, 'run of the deleted collection')
      checkEqual(await store.evaluation.getEvaluationState(gone.id), undefined, 'its state')
      checkEqual(await store.evaluation.listEvaluationRuns(), [stays], 'runs left')
      checkEqual(
        await store.evaluation.getEvaluationState(stays.id),
        { state: { current_question_index: 4 }, saved_at: savedAt },
        'state left',
      )
      // A run re-created under the old id starts clean: results and state are gone, not merely hidden.
      const reborn = newEvaluationRun(kept.id, { id: gone.id })
      await store.evaluation.createEvaluationRun(reborn)
      checkEqual(await store.evaluation.getEvaluationRun(gone.id), reborn, 'run re-created under the same id')
      checkEqual(await store.evaluation.getEvaluationState(gone.id), undefined, 'state of the re-created run')
    },
  },
  {
    name: 'persists evaluation runs, results and state across close and reopen',
    async run({ store, reopen }) {
      const collection = await store.collections.createCollection(newCollection())
      const run = await store.evaluation.createEvaluationRun(
        newEvaluationRun(collection.id, { results: [newEvaluationResult()] }),
      )
      const appended = await store.evaluation.appendEvaluationResults(run.id, [
        newEvaluationResult({ is_correct: true }),
      ])
      const updated = await store.evaluation.updateEvaluationRun(run.id, {
        status: 'completed',
        completed_at: nextTimestamp(),
      })
      const savedAt = nextTimestamp()
      await store.evaluation.saveEvaluationState(
        run.id,
        { answered_questions: 2, user_answers: { '1': 'ja' } },
        savedAt,
      )
      const reopened = await reopen()
      check(appended !== undefined && updated !== undefined, 'run found')
      checkEqual(updated.results.length, 2, 'results before reopen')
      checkEqual(await reopened.evaluation.getEvaluationRun(run.id), updated, 'run after reopen')
      checkEqual(
        await reopened.evaluation.listEvaluationRuns({ collectionId: collection.id }),
        [updated],
        'list after reopen',
      )
      checkEqual(
        await reopened.evaluation.getEvaluationState(run.id),
        { state: { answered_questions: 2, user_answers: { '1': 'ja' } }, saved_at: savedAt },
        'state after reopen',
      )
    },
  },
]

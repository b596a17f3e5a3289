import { findSources } from '../chat/findSources'
import { toAnswerSource } from '../chat/toAnswerSource'
import type { Generation } from '../chat/createGeneration'
import type { SearchChunksPorts } from '../retrieve/searchChunks'
import type { SettingsService } from '../settings/SettingsService'
import type { EvaluationRun } from '../store/EvaluationRun'
import type { Store } from '../store/Store'
import { toTimestamp, type Clock } from '../kernel/time/Clock'
import type { ScheduledWork } from '../kernel/ScheduledWork'
import type { EvaluationJobs } from './EvaluationJobs'
import { judgeTestCase } from './judgeAnswer'
import { runEvaluation } from './runEvaluation'
import type { TestCase } from './TestCase'

export interface EvaluationQueuePorts extends SearchChunksPorts {
  /** The search's documents and chunks, and the runs it answers and records results in. */
  store: Pick<Store, 'documents' | 'chunks' | 'evaluation'>
  clock: Clock
  settings: SettingsService
  generation: Generation
  logError(error: unknown): void
}

const INTERRUPTED = 'The run was interrupted (the app or server stopped); start it again'

/**
 * Runs server-driven evaluations one at a time, in the background: each question is answered as
 * chat answers it (same retrieval, the generator chosen in settings, no history), judged (by the
 * configured model, else token F1), and its result stored at once, so `GET results` shows progress.
 * Test cases live only in memory while a run works; a run cut short by a stop is marked failed
 * when the host starts again (`failInterrupted`) instead of staying `running` forever.
 */
export class EvaluationQueue implements EvaluationJobs {
  private tail: Promise<void> = Promise.resolve()

  constructor(private readonly ports: EvaluationQueuePorts) {}

  async start(run: EvaluationRun, testCases: readonly TestCase[]): Promise<ScheduledWork> {
    this.tail = this.tail.then(() => this.run(run, testCases)).catch(this.ports.logError)
    return {}
  }

  recover(): Promise<void> {
    return this.failInterrupted()
  }

  /** Resolves once every run queued so far has ended (tests, shutdown). */
  idle(): Promise<void> {
    return this.tail
  }

  async failInterrupted(): Promise<void> {
    const { store, clock } = this.ports
    for (const run of await store.evaluation.listEvaluationRuns()) {
      if (run.mode === 'server' && (run.status === 'running' || run.status === 'pending')) {
        await store.evaluation.updateEvaluationRun(run.id, {
          status: 'failed',
          error: INTERRUPTED,
          completed_at: toTimestamp(clock.now()),
        })
      }
    }
  }

  /**
   * Works through the run now: the test cases that have no result yet (results are appended in
   * test-case order, so a resumed run skips the first `evaluated_count`). Aborting `outer` stops it
   * between questions and leaves the run as it is, for whoever aborted to decide.
   */
  async run(
    run: EvaluationRun,
    allTestCases: readonly TestCase[],
    outer?: AbortSignal,
    onProgress?: (evaluated: number, total: number) => void,
  ): Promise<void> {
    const { store, clock, settings, generation } = this.ports
    const stored = await store.evaluation.getEvaluationRun(run.id)
    if (!stored) return
    const testCases = allTestCases.slice(stored.evaluated_count)
    const topK = typeof run.config.top_k === 'number' ? run.config.top_k : 5
    const hybrid = run.config.use_hybrid_search !== false
    const chosen = await settings.get()
    const generator = generation.answerGenerator(chosen.generator)
    const judgeModel = generation.chatModel(chosen.generator)
    const controller = new AbortController()
    const stop = () => controller.abort(outer?.reason)
    outer?.addEventListener('abort', stop, { once: true })
    if (outer?.aborted) stop()
    try {
      await runEvaluation({
        testCases,
        signal: controller.signal,
        answer: async (testCase, signal) => {
          const found = await findSources(this.ports, {
            question: testCase.question,
            history: [],
            collectionId: run.collection_id,
            topK,
            hybrid,
            generatorId: generator.id,
            signal,
          })
          let answer = ''
          for await (const piece of generator.answer({
            question: found.question,
            history: [],
            sources: found.sources.map((source) =>
              toAnswerSource(source, found.pageTexts, found.documentWords),
            ),
            signal,
          })) {
            answer += piece
          }
          return { answer, retrieved_chunks: found.sources.map((source) => source.content) }
        },
        judge: judgeTestCase(judgeModel),
        onResult: async (result) => {
          // A run deleted meanwhile (its collection was) stops here.
          const updated = await store.evaluation.appendEvaluationResults(run.id, [result])
          if (!updated) controller.abort()
          else onProgress?.(updated.evaluated_count, updated.total_questions)
        },
      })
      await store.evaluation.updateEvaluationRun(run.id, {
        status: 'completed',
        completed_at: toTimestamp(clock.now()),
      })
    } catch (error) {
      if (controller.signal.aborted) {
        if (outer?.aborted) throw outer.reason
        return
      }
      this.ports.logError(error)
      await store.evaluation.updateEvaluationRun(run.id, {
        status: 'failed',
        error: error instanceof Error ? error.message : String(error),
        completed_at: toTimestamp(clock.now()),
      })
    } finally {
      outer?.removeEventListener('abort', stop)
    }
  }
}

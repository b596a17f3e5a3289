import { z } from 'zod'
import type { TestCase } from '../../../web/core/evaluate/TestCase'
import { toTimestamp } from '../../../web/core/kernel/time/Clock'
import type { JobContext, JobHandler } from '../jobs/Job'
import type { JobService } from '../jobs/JobService'
import { JobAbortedError } from '../jobs/JobAbortedError'
import type { UserSpaces } from './UserSpaces'

export const DOCUMENT_PROCESS = 'document_process'
export const EVALUATION_RUN = 'evaluation_run'

/** Where each processing stage falls in the job's overall percent. */
const STAGE_SPAN: Record<string, [number, number]> = {
  queued: [0, 0],
  parsing: [0, 40],
  chunking: [40, 50],
  embedding: [50, 95],
  indexing: [95, 100],
}

const documentPayload = z.object({ document_id: z.uuid() })
const evaluationPayload = z.object({
  evaluation_id: z.uuid(),
  test_cases: z.array(
    z.object({
      id: z.string(),
      question: z.string(),
      ground_truth: z.string(),
      answers: z.array(z.string()),
      category: z.string().nullable().optional(),
    }),
  ),
})

/**
 * The job types behind document processing and evaluation runs. Each runs in its owner's space; a
 * user's cancel ends the document `failed` ("cancelled") or the run `failed`, while a shutdown
 * leaves both as they are for the requeued job to finish after the restart.
 */
export function workJobs(
  spaces: UserSpaces,
  passwords: Map<string, string>,
  jobs: Pick<JobService, 'active'>,
): Record<string, JobHandler> {
  /** Document jobs running on this instance, by user: a job that has ended here is not counted. */
  const running = new Map<string, number>()
  /**
   * Whether an ending job is its user's last for now: no other of theirs runs here, none waits. Those
   * running here are counted here, not read from the jobs table, where a job whose handler has ended
   * shows `running` until the runner records its end (two ending together would each see the other, and
   * neither warm up). Jobs running on another instance are left to it: it warms its own index.
   */
  const lastForNow = async (userId: string) =>
    running.get(userId) === 1 &&
    (await jobs.active(userId, DOCUMENT_PROCESS)).every((active) => active.status === 'running') &&
    running.get(userId) === 1
  const processDocumentJob: JobHandler = async (job, context) => {
    const { document_id: documentId } = parsePayload(documentPayload, job.payload)
    const { runtime } = await spaces.get(job.user_id)
    const password = passwords.get(job.id)
    passwords.delete(job.id)
    const report = throttled(context)
    const document = await runtime.work.processDocument(documentId, {
      password,
      signal: context.signal,
      onProgress: (stage, percent) => {
        const [from, to] = STAGE_SPAN[stage] ?? [0, 100]
        report(from + ((to - from) * percent) / 100, stage)
      },
    })
    if (context.signal.aborted) {
      if (isCancel(context.signal) && document) {
        await runtime.ports.store.documents.updateDocument(documentId, {
          status: 'failed',
          processed_at: toTimestamp(Date.now()),
          metadata: {
            error: 'Processing was cancelled; process the document again',
            error_code: 'cancelled',
          },
          progress: null,
        })
      }
      throw context.signal.reason
    }
    // A folder's last document: the person's search is likely next (BackgroundWork.documentsProcessed).
    if (await lastForNow(job.user_id).catch(() => false)) runtime.work.documentsProcessed()
    if (!document) throw new Error('The document no longer exists')
    if (document.status === 'failed') {
      throw new Error(String(document.metadata.error ?? 'Processing failed'))
    }
    return { document_id: document.id, status: document.status, chunk_count: document.chunk_count }
  }
  return {
    async [DOCUMENT_PROCESS](job, context) {
      running.set(job.user_id, (running.get(job.user_id) ?? 0) + 1)
      try {
        return await processDocumentJob(job, context)
      } finally {
        const left = running.get(job.user_id)! - 1
        if (left === 0) running.delete(job.user_id)
        else running.set(job.user_id, left)
      }
    },

    async [EVALUATION_RUN](job, context) {
      const payload = parsePayload(evaluationPayload, job.payload)
      const { runtime } = await spaces.get(job.user_id)
      const { store } = runtime.ports
      const run = await store.evaluation.getEvaluationRun(payload.evaluation_id)
      if (!run) throw new Error('The evaluation run no longer exists')
      const testCases: TestCase[] = payload.test_cases.map((testCase) => ({
        ...testCase,
        category: testCase.category ?? null,
      }))
      try {
        await runtime.work.runEvaluation(run, testCases, context.signal, (evaluated, total) => {
          void context.progress(total === 0 ? 100 : (100 * evaluated) / total, `${evaluated} of ${total}`)
        })
      } catch (error) {
        if (isCancel(context.signal)) {
          await store.evaluation.updateEvaluationRun(run.id, {
            status: 'failed',
            error: 'The run was cancelled',
            completed_at: toTimestamp(Date.now()),
          })
        }
        throw error
      }
      const ended = await store.evaluation.getEvaluationRun(run.id)
      if (!ended) throw new Error('The evaluation run was deleted')
      if (ended.status === 'failed') throw new Error(ended.error ?? 'The evaluation run failed')
      return {
        evaluation_id: ended.id,
        total_questions: ended.total_questions,
        correct_count: ended.correct_count,
        accuracy: ended.evaluated_count === 0 ? 0 : ended.correct_count / ended.evaluated_count,
      }
    },
  }
}

function isCancel(signal: AbortSignal): boolean {
  return signal.reason instanceof JobAbortedError && signal.reason.why === 'cancelled'
}

function parsePayload<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload)
  if (!parsed.success)
    throw new Error(`Invalid payload: ${parsed.error.issues.map((i) => i.message).join('; ')}`)
  return parsed.data
}

/** Progress reaches the job at most every 250 ms, and only when the whole percent moved. */
function throttled(context: JobContext): (percent: number, stage: string) => void {
  let last = -1
  let lastAt = 0
  return (percent, stage) => {
    const whole = Math.floor(percent)
    const now = Date.now()
    if (whole === last || (now - lastAt < 250 && whole < 100)) return
    last = whole
    lastAt = now
    context.progress(whole, stage).catch(() => undefined)
  }
}

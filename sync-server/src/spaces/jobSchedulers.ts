import type { BackgroundSchedulers } from '../../../web/core/api/BackgroundWork'
import type { Store } from '../../../web/core/store/Store'
import { toTimestamp } from '../../../web/core/kernel/time/Clock'
import type { JobService } from '../jobs/JobService'
import { DOCUMENT_PROCESS, EVALUATION_RUN } from './workJobs'

const NO_JOB = 'The run was interrupted and no job was left to resume it; start it again'

/**
 * A user space's background work as jobs of the server's queue: uploads become `document_process`
 * jobs and evaluation runs `evaluation_run` jobs, which scripts can follow and a restart resumes.
 * Passwords of encrypted PDFs are kept in memory only (`passwords`, by job id), never in the job's
 * payload; a job resumed after a restart without one fails with "password required".
 */
export function jobSchedulers(
  jobs: JobService,
  userId: string,
  store: Store,
  passwords: Map<string, string>,
  logError: (error: unknown) => void,
): BackgroundSchedulers {
  const active = (documentId: string) => jobs.findActive(userId, DOCUMENT_PROCESS, 'document_id', documentId)
  const cancelActive = async (documentId: string) => {
    const job = await active(documentId)
    if (job) await jobs.cancel(userId, job.id).catch(() => undefined)
  }
  const create = async (documentId: string, password?: string) => {
    // A password stays in this process's memory: with one, the job runs here.
    const { job } = await jobs.create(
      userId,
      { job_type: DOCUMENT_PROCESS, payload: { document_id: documentId } },
      { here: password !== undefined },
    )
    if (password !== undefined) passwords.set(job.id, password)
    jobs.wake()
    return job.id
  }
  return {
    documents: {
      async enqueue(documentId, options = {}) {
        await cancelActive(documentId)
        return { job_id: await create(documentId, options.password) }
      },
      async resume(documentId) {
        if (!(await active(documentId))) await create(documentId)
      },
      cancel(documentId) {
        cancelActive(documentId).catch(logError)
      },
    },
    evaluations: {
      async start(run, testCases) {
        const { job } = await jobs.create(userId, {
          job_type: EVALUATION_RUN,
          payload: { evaluation_id: run.id, collection_id: run.collection_id, test_cases: testCases },
        })
        jobs.wake()
        return { job_id: job.id }
      },
      async recover() {
        // Runs with a job are resumed by it; a run left `running` without one can only end failed.
        for (const run of await store.evaluation.listEvaluationRuns()) {
          if (run.mode !== 'server' || (run.status !== 'running' && run.status !== 'pending')) continue
          if (await jobs.findActive(userId, EVALUATION_RUN, 'evaluation_id', run.id)) continue
          await store.evaluation.updateEvaluationRun(run.id, {
            status: 'failed',
            error: NO_JOB,
            completed_at: toTimestamp(Date.now()),
          })
        }
      },
    },
  }
}

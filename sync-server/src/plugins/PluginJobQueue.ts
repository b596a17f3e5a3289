import { ApiError } from '../../../web/core/kernel/ApiError'
import type { PluginJobs, PluginWork } from '../../../web/core/api/ApiPorts'
import type { ApiResult } from '../../../web/core/kernel/ApiResult'
import { TERMINAL_STATUSES, type JobContext, type JobHandler, type JobStatus } from '../jobs/Job'
import { JobAbortedError } from '../jobs/JobAbortedError'
import type { JobService } from '../jobs/JobService'
import { pluginJobProgress } from './pluginJobProgress'

export const PLUGIN_INSTALL = 'plugin_install'
export const PLUGIN_UPDATE = 'plugin_update'
/** An import of a person's archive (web/core/archive) runs the same way: its uploaded archive held open. */
export const DATA_IMPORT = 'data_import'

const INTERRUPTED =
  'The server restarted (or the job was retried) after its package was read; install or update the plugin again'
const IMPORT_INTERRUPTED =
  'The server restarted (or the job was retried) after the archive was read; import it again (nothing is added twice)'

/** Work the queue holds for its job, and how it ended. */
interface Held {
  work: PluginWork
  outcome?: { answer: ApiResult } | { error: unknown }
  /** Settles the route's wait at once (a shutdown leaves the job `running`: no end event comes). */
  abandon?: (error: ApiError) => void
}

/**
 * Plugin installs and updates as `plugin_install` / `plugin_update` jobs of the server's queue. The
 * work itself (the core's `installPlugin`, with the upload's bytes already read) stays in memory,
 * held under a token in the job's payload, so the job never stores a package; a job run without its
 * work (after a restart, or a retry) fails saying to install again. `done` settles once the job has
 * ended: with the work's answer, or its error (the 4xx the route answers, and the job's `error`).
 */
export class PluginJobQueue {
  private readonly held = new Map<string, Held>()

  constructor(private readonly jobs: JobService) {}

  /** The `pluginJobs` port of one user's space. */
  forUser(userId: string): PluginJobs {
    return { run: (kind, payload, work) => this.run(userId, kind, payload, work) }
  }

  /** The handlers to register with the job service. */
  handlers(): Record<string, JobHandler> {
    const handler: JobHandler = (job, context) => this.execute(job.payload, context, INTERRUPTED)
    const importHandler: JobHandler = (job, context) => this.execute(job.payload, context, IMPORT_INTERRUPTED)
    return { [PLUGIN_INSTALL]: handler, [PLUGIN_UPDATE]: handler, [DATA_IMPORT]: importHandler }
  }

  private async run(
    userId: string,
    kind: string,
    payload: Record<string, unknown>,
    work: PluginWork,
  ): Promise<{ job_id: string; done: Promise<ApiResult> }> {
    // The token is known before the job exists: the runner may claim it before `create` resolves here.
    const token = crypto.randomUUID()
    const held: Held = { work }
    this.held.set(token, held)
    let jobId: string
    try {
      // Ahead of document processing: someone is usually waiting for an install.
      // Run here: the work is held in this process (with several instances, not theirs to run).
      const { job } = await this.jobs.create(
        userId,
        { job_type: kind, payload: { ...payload, work_token: token }, priority: 1 },
        { here: true },
      )
      jobId = job.id
    } catch (error) {
      this.held.delete(token)
      throw error
    }
    const done = new Promise<ApiResult>((resolve, reject) => {
      let ended = false
      const end = (status: JobStatus | undefined, error?: ApiError) => {
        if (ended) return
        ended = true
        unsubscribe()
        this.held.delete(token)
        const outcome = held.outcome
        if (error) reject(error)
        // Stored before a cancel arrived: the plugin is installed, and the answer says so.
        else if (outcome && 'answer' in outcome) resolve(outcome.answer)
        else if (status === 'cancelled') reject(new ApiError(409, 'The job was cancelled'))
        else if (outcome) reject(outcome.error)
        else reject(new ApiError(500, 'The job ended without running'))
      }
      const unsubscribe = this.jobs.subscribe(jobId, (event) => {
        const status = event.data.status as JobStatus
        if (TERMINAL_STATUSES.includes(status)) end(status)
      })
      held.abandon = (error) => end(undefined, error)
      // It may have ended before the subscription (a cancel at once).
      this.jobs
        .get(userId, jobId)
        .then((job) => {
          if (TERMINAL_STATUSES.includes(job.status)) end(job.status)
        })
        .catch((error: unknown) => end(undefined, new ApiError(500, String(error))))
    })
    return { job_id: jobId, done }
  }

  private async execute(
    payload: Record<string, unknown>,
    context: JobContext,
    interrupted: string,
  ): Promise<Record<string, unknown>> {
    const token = payload.work_token
    const held = typeof token === 'string' ? this.held.get(token) : undefined
    if (!held || held.outcome) throw new Error(interrupted)
    try {
      const answer = await held.work(pluginJobProgress(context), context.signal)
      held.outcome = { answer }
      return jobResult(answer)
    } catch (error) {
      const aborted = context.signal.reason
      if (aborted instanceof JobAbortedError && aborted.why === 'cancelled') {
        held.outcome = { error: new ApiError(409, 'The job was cancelled') }
      } else {
        held.outcome = { error }
        if (aborted instanceof JobAbortedError && aborted.why === 'shutdown') {
          held.abandon?.(new ApiError(503, 'The server is stopping; install or update the plugin again'))
        }
      }
      // The job's `error` is the message the route answers (an ApiError's detail).
      throw error
    }
  }
}

/** The job's result: the answer's message and `data`, without the plugin's whole view. */
function jobResult(answer: ApiResult): Record<string, unknown> {
  const body = (answer.body ?? {}) as { message?: unknown; data?: Record<string, unknown> }
  const { plugin: _plugin, ...data } = body.data ?? {}
  return { message: body.message ?? null, ...data }
}

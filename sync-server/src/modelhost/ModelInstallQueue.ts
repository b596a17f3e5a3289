import { ApiError } from '../../../web/core/kernel/ApiError'
import { installFailure } from '../../../web/core/modelhost/corsHint'
import { installTask, type InstallTask, type TaskStatus } from '../../../web/core/modelhost/InstallTask'
import type { InstallRequest, ModelInstalls } from '../../../web/core/modelhost/ModelInstalls'
import { installKey } from '../../../web/core/modelhost/modelHostBase'
import { ollamaPull } from '../../../web/core/modelhost/ollamaHost'
import type { PullSnapshot } from '../../../web/core/modelhost/pullProgress'
import { watchTask } from '../../../web/core/modelhost/watchTask'
import type { JobContext, JobHandler, JobView } from '../jobs/Job'
import type { JobService } from '../jobs/JobService'

/**
 * BrainDrive's job type for a model install (its backend's OllamaInstallHandler): BrainDrive's Ollama
 * plugin finds the installs to show by listing `/api/v1/jobs` and keeping `job_type === 'ollama.install'`.
 */
export const MODEL_INSTALL = 'ollama.install'
/** Quire's name for them before it took BrainDrive's: jobs stored under it still run and answer as installs. */
const EARLIER_MODEL_INSTALL = 'model_install'

/** Within one stage, the job hears of a new percent at most this often (Ollama writes many lines a second). */
const MIN_INTERVAL_MS = 250

/**
 * Model installs as `ollama.install` jobs of the server's queue (DESIGN.md section 9), so they show in
 * `/api/v1/jobs` with their events and survive a client leaving. The job's payload names the model and
 * the server (never the API key, which stays in memory with the run); its progress events carry the
 * percent and the stage as their message; the pull's bytes live in memory while it runs and in the
 * job's result once it ended. Fetching goes through the server's outbound policy (`fetch`).
 */
export class ModelInstallQueue {
  /** API keys of jobs not yet started, by job id: kept out of the stored payload. */
  private readonly keys = new Map<string, string>()
  /** The running pulls' last readings, by job id. */
  private readonly live = new Map<string, PullSnapshot>()
  /** Who follows each running pull (its event streams): told of every new stage or percent at once. */
  private readonly watchers = new Map<string, Set<() => void>>()
  /** Installs being created, by user and install key: two at once must become one job. */
  private readonly creating = new Map<string, Promise<{ job: JobView; deduped: boolean }>>()

  constructor(
    private readonly jobs: JobService,
    private readonly fetchUpstream: typeof globalThis.fetch,
  ) {}

  /** The `modelHost.installs` port of one user's space. */
  forUser(userId: string): ModelInstalls {
    return {
      start: (request) => this.start(userId, request),
      get: (taskId) => this.get(userId, taskId),
      watch: (taskId, signal) =>
        watchTask(
          () => this.get(userId, taskId),
          (changed) => {
            const unsubscribe = this.jobs.subscribe(taskId, changed)
            let set = this.watchers.get(taskId)
            if (!set) this.watchers.set(taskId, (set = new Set()))
            const watchers = set
            watchers.add(changed)
            return () => {
              unsubscribe()
              watchers.delete(changed)
              if (watchers.size === 0 && this.watchers.get(taskId) === watchers) this.watchers.delete(taskId)
            }
          },
          signal,
        ),
      cancel: (taskId) => this.cancel(userId, taskId),
    }
  }

  /** The handler to register with the job service. */
  handlers(): Record<string, JobHandler> {
    const run: JobHandler = (job, context) => this.execute(job, context)
    return { [MODEL_INSTALL]: run, [EARLIER_MODEL_INSTALL]: run }
  }

  private async start(
    userId: string,
    request: InstallRequest,
  ): Promise<{ task: InstallTask; deduped: boolean }> {
    const key = installKey(request.serverBase, request.name)
    const lock = `${userId} ${key}`
    let pending = this.creating.get(lock)
    if (!pending) {
      pending = this.createOrJoin(userId, key, request)
      this.creating.set(lock, pending)
      void pending.finally(() => this.creating.delete(lock)).catch(() => undefined)
      const { job, deduped } = await pending
      return { task: this.view(job), deduped }
    }
    // Created by the request beside this one: that is a join too.
    const { job } = await pending
    return { task: this.view(job), deduped: true }
  }

  private async createOrJoin(
    userId: string,
    key: string,
    request: InstallRequest,
  ): Promise<{ job: JobView; deduped: boolean }> {
    const running = await this.jobs.findActive(userId, MODEL_INSTALL, 'install_key', key)
    if (running) return { job: running, deduped: true }
    const { job } = await this.jobs.create(
      userId,
      {
        job_type: MODEL_INSTALL,
        payload: { model_name: request.name, server_url: request.serverBase, install_key: key },
        // Ahead of document processing: someone is watching the progress bar.
        priority: 1,
      },
      // The key stays in this process's memory: with one, the install runs here.
      { here: Boolean(request.apiKey) },
    )
    if (request.apiKey) this.keys.set(job.id, request.apiKey)
    return { job, deduped: false }
  }

  private async get(userId: string, taskId: string): Promise<InstallTask | undefined> {
    const job = await this.ownJob(userId, taskId)
    return job && this.view(job)
  }

  private async cancel(userId: string, taskId: string): Promise<InstallTask | undefined> {
    const job = await this.ownJob(userId, taskId)
    if (!job) return undefined
    try {
      const cancelled = await this.jobs.cancel(userId, taskId)
      // A job cancelled before it ran never takes its key.
      if (cancelled.status === 'cancelled') this.keys.delete(taskId)
      return this.view(cancelled)
    } catch (error) {
      // Ended meanwhile (409): its state is the answer.
      if (error instanceof ApiError && error.status === 409) return this.get(userId, taskId)
      throw error
    }
  }

  /** The job when it is this user's model install; undefined for anything else (another user's: 404). */
  private async ownJob(userId: string, taskId: string): Promise<JobView | undefined> {
    try {
      const job = await this.jobs.get(userId, taskId)
      return job.job_type === MODEL_INSTALL || job.job_type === EARLIER_MODEL_INSTALL ? job : undefined
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined
      throw error
    }
  }

  private view(job: JobView): InstallTask {
    const result = job.result ?? {}
    const live = job.status === 'running' ? this.live.get(job.id) : undefined
    // While it runs, the pull's own reading; once completed, the bytes its result kept; otherwise
    // (queued, failed, cancelled, or run by a server since restarted) the percent the job stored.
    const snapshot: PullSnapshot =
      live ??
      (typeof result.total_bytes === 'number'
        ? {
            stage: 'success',
            message: 'success',
            percent: 100,
            completed_bytes: Number(result.completed_bytes) || 0,
            total_bytes: result.total_bytes,
          }
        : {
            stage: 'queued',
            message: job.status === 'running' ? 'Starting' : 'Waiting to start',
            percent: job.progress_percent,
            completed_bytes: 0,
            total_bytes: 0,
          })
    return installTask({
      task_id: job.id,
      name: String(job.payload.model_name ?? ''),
      server_base: String(job.payload.server_url ?? ''),
      status: job.status as TaskStatus,
      snapshot,
      error: job.error,
      created_at: job.created_at,
      updated_at: job.updated_at,
    })
  }

  private async execute(job: JobView, context: JobContext): Promise<Record<string, unknown>> {
    const name = String(job.payload.model_name ?? '')
    const baseUrl = String(job.payload.server_url ?? '')
    const apiKey = this.keys.get(job.id)
    this.keys.delete(job.id)
    let lastStage = ''
    let lastPercent = -1
    let lastAt = 0
    const onProgress = (snapshot: PullSnapshot) => {
      const before = this.live.get(job.id)
      this.live.set(job.id, snapshot)
      if (before?.stage !== snapshot.stage || before.percent !== snapshot.percent) {
        for (const watcher of [...(this.watchers.get(job.id) ?? [])]) watcher()
      }
      // The stored job (a database write and an event each) hears of it less often.
      const now = Date.now()
      const newStage = snapshot.stage !== lastStage
      if (!newStage && (snapshot.percent === lastPercent || now - lastAt < MIN_INTERVAL_MS)) return
      lastStage = snapshot.stage
      lastPercent = snapshot.percent
      lastAt = now
      context.progress(snapshot.percent, snapshot.stage).catch(() => undefined)
    }
    try {
      const last = await ollamaPull(
        { baseUrl, apiKey, fetch: this.fetchUpstream },
        name,
        onProgress,
        context.signal,
      )
      await context.progress(100, 'success')
      return {
        model_name: name,
        server_url: baseUrl,
        completed_bytes: last.completed_bytes,
        total_bytes: last.total_bytes,
      }
    } catch (error) {
      // Where it got to, which the throttle may not have stored yet (a cancel's percent does not matter).
      const reached = this.live.get(job.id)
      if (reached && !context.signal.aborted) await context.progress(reached.percent, reached.stage)
      // The job's `error` is what the status and the Settings screen show: worded for people.
      throw new Error(installFailure(error))
    } finally {
      // Kept a little past the end: the job is marked ended just after this returns, and a reader
      // in between still sees where the pull got to.
      setTimeout(() => this.live.delete(job.id), 5_000).unref()
    }
  }
}

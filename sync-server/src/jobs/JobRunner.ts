import { hideFilePaths } from '../../../web/core/api/hideFilePaths'
import { storeUnavailable } from '../../../web/core/store/storeUnavailable'
import { toJobView, type JobContext, type JobHandler, type StoredJob } from './Job'
import { JobAbortedError } from './JobAbortedError'
import type { ClaimHooks, JobClaims } from './JobClaims'
import { jobChanges } from './jobChanges'
import type { JobRecords } from './JobRecords'

/** One of the runner's two pools: its slots on this instance, and how many one person may fill. */
export interface JobPool {
  concurrency: number
  perUser: number
}

export interface JobRunnerOptions {
  /** Document processing, evaluation runs and every other type not outbound. */
  work: JobPool
  /** Jobs that wait on the network for long (model installs, plugin downloads): slots of their own. */
  outbound: JobPool
  /** The job types of the outbound pool (as registered). */
  outboundTypes(): readonly string[]
  pollMs: number
  /** How long stop() waits for aborted handlers before leaving them. */
  stopTimeoutMs: number
  /**
   * How often a run's outcome is stored again while the database is away (default 1 s), and for how
   * long at most (default 10 min) before the run is given up (its job then stays `running` until a
   * restart or a takeover requeues it).
   */
  settleRetryMs?: number
  settleGiveUpMs?: number
  logError(error: unknown): void
}

interface Run {
  controller: AbortController
  settled: Promise<void>
  outbound: boolean
}

/**
 * The worker pools: claims due jobs through `claims` in the fair order (JobPick: the person with the
 * fewest running first; a person's own jobs by priority, then oldest), each pool while fewer than its
 * `concurrency` handlers run and only for people below its `perUser`, and stores each outcome. The
 * outbound pool's jobs never take the work pool's slots, nor the other way round. One timer polls
 * (scheduled jobs come due without anyone calling); `wake()` checks at once. Every promise it starts
 * ends in `logError`, so a failing handler or database cannot become an unhandled rejection or stop
 * the pool.
 */
export class JobRunner {
  private started = false
  private timer: ReturnType<typeof setTimeout> | undefined
  private pumping: Promise<void> | undefined
  private again = false
  private readonly runs = new Map<string, Run>()
  private idleWaiters: Array<() => void> = []

  constructor(
    private readonly records: JobRecords,
    private readonly claims: JobClaims,
    private readonly handlers: ReadonlyMap<string, JobHandler>,
    private readonly options: JobRunnerOptions,
  ) {}

  /** Recovery of jobs left running (the claims' business, see LocalClaims and JobLeases), then work. */
  async start(hooks: Omit<ClaimHooks, 'runsHere' | 'abort' | 'wake'>): Promise<void> {
    if (this.started) return
    await this.claims.start({
      ...hooks,
      runsHere: (jobId) => this.runs.has(jobId),
      abort: (jobId) => this.abort(jobId),
      wake: () => this.wake(),
    })
    this.started = true
    this.wake()
  }

  /** Stops claiming, aborts running handlers (reason `shutdown`) and waits for them a while. */
  async stop(): Promise<void> {
    this.started = false
    this.clearTimer()
    await this.pumping
    const runs = [...this.runs.values()]
    for (const run of runs) run.controller.abort(new JobAbortedError('shutdown'))
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.options.stopTimeoutMs)))
    // A handler that ignores its signal is left behind: its job stays `running` and is requeued by the
    // next start; should it still finish, its outcome is stored if the job is still its run.
    await Promise.race([Promise.all(runs.map((run) => run.settled)), timeout])
    clearTimeout(timer)
    await this.claims.stop()
  }

  /** Aborts the job's handler, if it runs here, for a cancel. */
  abort(jobId: string): void {
    this.runs.get(jobId)?.controller.abort(new JobAbortedError('cancelled'))
  }

  wake(): void {
    if (!this.started) return
    if (this.pumping) {
      this.again = true
      return
    }
    this.clearTimer()
    this.again = false
    this.pumping = this.pump()
      .catch(this.options.logError)
      .then(() => {
        this.pumping = undefined
        if (!this.started) return
        if (this.again) this.wake()
        else this.timer = setTimeout(() => this.wake(), this.options.pollMs)
        this.checkIdle()
      })
  }

  /**
   * Resolves when no pending job is due and no handler runs. While the runner is stopped, a due job
   * keeps it waiting until start().
   */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve)
      this.checkIdle()
    })
  }

  private checkIdle(): void {
    if (this.idleWaiters.length === 0 || this.runs.size > 0 || this.pumping) return
    this.claims
      .hasDue()
      .then((due) => {
        // Checked again: a claim may have started a handler meanwhile; its end checks once more.
        if (this.runs.size > 0 || this.pumping) return
        if (due) return this.wake()
        for (const resolve of this.idleWaiters.splice(0)) resolve()
      })
      .catch(this.options.logError)
  }

  private async pump(): Promise<void> {
    for (const outbound of [false, true]) {
      const pool = outbound ? this.options.outbound : this.options.work
      const open = () => this.started && this.running(outbound) < pool.concurrency
      const pick = { outbound, outboundTypes: this.options.outboundTypes(), perUser: pool.perUser }
      while (open()) {
        const job = await this.claims.next(pick, open, (current, at) =>
          jobChanges.started(current.attempts + 1, at, this.claims.instanceId),
        )
        if (!job) break
        this.launch(job, outbound)
      }
    }
  }

  private running(outbound: boolean): number {
    let count = 0
    for (const run of this.runs.values()) if (run.outbound === outbound) count++
    return count
  }

  private launch(job: StoredJob, outbound: boolean): void {
    const controller = new AbortController()
    const run: Run = { controller, settled: Promise.resolve(), outbound }
    this.runs.set(job.id, run)
    run.settled = this.execute(job, controller)
      .catch(this.options.logError)
      .then(() => {
        if (this.runs.get(job.id) === run) this.runs.delete(job.id)
        this.wake()
        this.checkIdle()
      })
  }

  private async execute(job: StoredJob, controller: AbortController): Promise<void> {
    const signal = controller.signal
    // The run's token is its attempt: once the job was settled, requeued or retried, this run's late
    // progress, logs and outcome no longer apply.
    const isCurrent = (current: StoredJob) =>
      current.status === 'running' && current.attempts === job.attempts
    // Each step also looks at the job as stored: a cancel asked on another instance whose message was
    // lost, or a takeover of a run that was thought dead, stops the handler at its next step.
    const check = (changed: { job: StoredJob } | undefined) => {
      if (!changed || signal.aborted) return
      if (!isCurrent(changed.job)) controller.abort(new JobAbortedError('shutdown'))
      else if (changed.job.cancel_requested) controller.abort(new JobAbortedError('cancelled'))
    }
    const context: JobContext = {
      signal,
      progress: async (percent, message) => {
        const value = clampPercent(percent)
        const data: Record<string, unknown> = { percent: value }
        if (message !== undefined) data.message = message
        check(
          await this.records.change(job.id, undefined, (current) =>
            isCurrent(current)
              ? { set: { progress_percent: value }, event: { type: 'progress', data } }
              : undefined,
          ),
        )
      },
      log: async (message, level = 'info') => {
        check(
          await this.records.change(job.id, undefined, (current) =>
            isCurrent(current)
              ? { event: { type: 'log', data: { level, message } }, log: { level, message } }
              : undefined,
          ),
        )
      },
    }
    let outcome: { result: Record<string, unknown> } | { error: unknown }
    try {
      const handler = this.handlers.get(job.job_type)
      // A type registered when the job was created may be gone after an upgrade: fail, never loop.
      if (!handler) throw new Error(`No handler is registered for job type ${job.job_type}`)
      const value = await handler({ ...toJobView(job), user_id: job.user_id }, context)
      outcome = { result: toResult(value) }
    } catch (error) {
      outcome = { error }
    }
    const shutdown = signal.reason instanceof JobAbortedError && signal.reason.why === 'shutdown'
    // The database went away under the handler (PostgreSQL restarting): the work is not at fault and
    // is done again once it is back, as after a restart, rather than failed.
    const databaseAway = 'error' in outcome && storeUnavailable(outcome.error)
    const ended = await this.whileDatabaseAway(() =>
      this.records.change(job.id, undefined, (current, at) => {
        if (!isCurrent(current)) return undefined
        if (current.cancel_requested) return jobChanges.cancelled(at)
        if ('result' in outcome) return jobChanges.completed(outcome.result, at)
        // Given up because of a stop: stays `running` for the next start, or goes back at once if
        // this service was started again meanwhile.
        if (shutdown) return this.started ? jobChanges.requeued() : undefined
        if (databaseAway) return jobChanges.requeued()
        return jobChanges.failed(errorMessage(outcome.error), at)
      }),
    )
    if (ended?.event?.type === 'requeued') await this.whileDatabaseAway(() => this.claims.queued(ended.job))
  }

  /**
   * Runs `write` until the database answers: a run's outcome stored only once the database is back,
   * never dropped with its job left `running` (the run keeps its slot meanwhile, so no takeover
   * claims the job while this instance still holds it). Other errors, and the give-up, are thrown.
   */
  private async whileDatabaseAway<T>(write: () => Promise<T>): Promise<T> {
    const giveUpAt = Date.now() + (this.options.settleGiveUpMs ?? 10 * 60_000)
    for (;;) {
      try {
        return await write()
      } catch (error) {
        if (!storeUnavailable(error) || Date.now() > giveUpAt) throw error
        await new Promise((resolve) => setTimeout(resolve, this.options.settleRetryMs ?? 1000))
      }
    }
  }

  private clearTimer(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }
}

function clampPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0
  return Math.min(100, Math.max(0, Math.round(percent)))
}

/** The stored form of a handler's return value; throws (failing the job) when it is not JSON. */
function toResult(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  const object = typeof value === 'object' && !Array.isArray(value) ? value : { value }
  return JSON.parse(JSON.stringify(object)) as Record<string, unknown>
}

/** A failed job's `error`, which its owner reads: the handler's message, without server file paths. */
function errorMessage(error: unknown): string {
  if (error instanceof Error) return hideFilePaths(error.message || error.name)
  return typeof error === 'string' && error !== '' ? hideFilePaths(error) : 'The job failed'
}

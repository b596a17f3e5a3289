import { ApiError } from '../../../web/core/kernel/ApiError'
import { monotonicClock, toTimestamp } from '../../../web/core/kernel/time/Clock'
import type { SqlDriver } from '../sql/SqlDriver'
import {
  TERMINAL_STATUSES,
  toJobView,
  type JobCreate,
  type JobEvent,
  type JobHandler,
  type JobLog,
  type JobStatus,
  type JobView,
  type StoredJob,
} from './Job'
import type { JobClaims } from './JobClaims'
import { jobChanges } from './jobChanges'
import { JobRecords } from './JobRecords'
import { JobRunner } from './JobRunner'
import { LocalClaims } from './LocalClaims'

export interface JobServiceOptions {
  /** Handlers of the work pool (every type not outbound) running at once (default 2). */
  concurrency?: number
  /** The work pool's jobs of one person running at once on this instance (default: `concurrency`). */
  perUserConcurrency?: number
  /** Handlers of the outbound pool (types registered `outbound`) running at once (default 4). */
  outboundConcurrency?: number
  /** The outbound pool's jobs of one person running at once (default: `outboundConcurrency`). */
  outboundPerUserConcurrency?: number
  /** How often the runner looks for due jobs when nobody wakes it (default 200 ms). */
  pollMs?: number
  /** Milliseconds since the epoch (default Date.now); made strictly increasing. */
  now?: () => number
  newId?: () => string
  logError?: (error: unknown) => void
  /** How long stop() waits for handlers that ignore their signal (default 5000 ms). */
  stopTimeoutMs?: number
  /** Who runs which job (default LocalClaims: one process); several instances: BossClaims. */
  claims?: (records: JobRecords) => JobClaims
}

type Listener = (event: JobEvent) => void

/**
 * A job's priority is -100..100 (BrainDrive's `ge=-100, le=100`); it orders only its owner's own
 * pending jobs (JobPick), never one person's before another's.
 */
export const MAX_PRIORITY = 100

/**
 * The jobs of the server, per user: create, list, cancel, retry, delete, their events and logs, and
 * the runner that executes them with the handler registered for their type. Every method filters by
 * user: another user's job is as unknown as a missing one (404). State rules: DESIGN.md section 2.
 */
export class JobService {
  private readonly handlers = new Map<string, JobHandler>()
  private readonly outboundTypes = new Set<string>()
  private readonly listeners = new Map<string, Set<Listener>>()
  /** The last event number each subscribed job's listeners heard, so another instance's are read from there. */
  private readonly heard = new Map<string, number>()
  private readonly records: JobRecords
  private readonly claims: JobClaims
  private readonly runner: JobRunner
  private readonly newId: () => string
  private readonly logError: (error: unknown) => void
  private readonly timestamp: () => string

  constructor(driver: SqlDriver, options: JobServiceOptions = {}) {
    const clock = monotonicClock({ now: options.now ?? (() => Date.now()) })
    this.timestamp = () => toTimestamp(clock.now())
    this.newId = options.newId ?? (() => crypto.randomUUID())
    this.logError = options.logError ?? ((error) => console.error('Job service:', error))
    this.records = new JobRecords(driver, this.timestamp, (event) => {
      this.notify(event)
      this.claims.stored(event)
    })
    this.claims = options.claims?.(this.records) ?? new LocalClaims(this.records)
    const work = slots(options.concurrency, 2)
    const outbound = slots(options.outboundConcurrency, 4)
    this.runner = new JobRunner(this.records, this.claims, this.handlers, {
      work: { concurrency: work, perUser: Math.min(work, slots(options.perUserConcurrency, work)) },
      outbound: {
        concurrency: outbound,
        perUser: Math.min(outbound, slots(options.outboundPerUserConcurrency, outbound)),
      },
      outboundTypes: () => [...this.outboundTypes].sort(),
      pollMs: Math.max(1, options.pollMs ?? 200),
      stopTimeoutMs: Math.max(0, options.stopTimeoutMs ?? 5000),
      logError: this.logError,
    })
  }

  /** The id this process claims jobs and beats under (job_instances, on PostgreSQL). */
  get instanceId(): string {
    return this.claims.instanceId
  }

  /**
   * `outbound`: the type's jobs wait on the network for long (a model install, a plugin download);
   * they run in the outbound pool, never in the slots document processing and evaluations need.
   */
  register(jobType: string, handler: JobHandler, options: { outbound?: boolean } = {}): void {
    if (this.handlers.has(jobType)) throw new Error(`Job type ${jobType} is already registered`)
    this.handlers.set(jobType, handler)
    if (options.outbound) this.outboundTypes.add(jobType)
  }

  knownTypes(): string[] {
    return [...this.handlers.keys()].sort()
  }

  /**
   * `here`: the job's work is held in this process's memory (a plugin package, a key, a PDF's
   * password), so it runs on this instance; with several instances it is reserved for this one
   * (`claimed_by` while pending) and goes to any instance only once this one is gone.
   */
  async create(
    userId: string,
    input: JobCreate,
    options: { here?: boolean } = {},
  ): Promise<{ job: JobView; created: boolean }> {
    if (!this.handlers.has(input.job_type)) {
      throw invalid('job_type', `Unknown job type; one of: ${this.knownTypes().join(', ')}`)
    }
    const asked = input.priority ?? 0
    if (!Number.isSafeInteger(asked)) throw invalid('priority', 'Priority must be an integer')
    // BrainDrive's range; the API refuses others (422), the server's own callers are held to it.
    const priority = Math.min(MAX_PRIORITY, Math.max(-MAX_PRIORITY, asked))
    const at = this.timestamp()
    const job: StoredJob = {
      id: this.newId(),
      user_id: userId,
      job_type: input.job_type,
      status: 'pending',
      priority,
      progress_percent: 0,
      payload: input.payload ?? {},
      result: null,
      error: null,
      idempotency_key: input.idempotency_key ?? null,
      scheduled_for: input.scheduled_for === undefined ? null : normaliseTime(input.scheduled_for),
      attempts: 0,
      cancel_requested: false,
      claimed_by: options.here ? this.claims.instanceId : null,
      created_at: at,
      started_at: null,
      completed_at: null,
      updated_at: at,
    }
    const stored = await this.records.insert(job)
    if (stored.created) {
      await this.claims.queued(stored.job)
      this.wake()
    }
    return { job: toJobView(stored.job), created: stored.created }
  }

  async list(
    userId: string,
    filter: { status?: JobStatus; job_type?: string; limit: number; offset: number },
  ): Promise<{ items: JobView[]; total: number }> {
    const { items, total } = await this.records.list(userId, filter)
    return { items: items.map(toJobView), total }
  }

  async get(userId: string, jobId: string): Promise<JobView> {
    return toJobView(await this.own(userId, jobId))
  }

  /** Pending: cancelled at once. Running: flagged and its signal aborted; `cancelled` once it settles. */
  async cancel(userId: string, jobId: string): Promise<JobView> {
    const changed = await this.records.change(jobId, userId, (job, at) => {
      if (job.status === 'pending') return jobChanges.cancelled(at)
      if (job.status === 'running') return job.cancel_requested ? undefined : jobChanges.cancelRequested()
      throw conflict(`Job is already ${job.status}`)
    })
    if (!changed) throw notFound()
    if (changed.job.status === 'running') {
      this.runner.abort(jobId)
      this.claims.cancelRequested(jobId)
    }
    return toJobView(changed.job)
  }

  /** Failed or cancelled: back to pending (attempts keep counting). */
  async retry(userId: string, jobId: string): Promise<JobView> {
    const changed = await this.records.change(jobId, userId, (job) => {
      if (job.status === 'failed' || job.status === 'cancelled') return jobChanges.retried()
      throw conflict(`Job is ${job.status}; only failed or cancelled jobs can be retried`)
    })
    if (!changed) throw notFound()
    await this.claims.queued(changed.job)
    this.wake()
    return toJobView(changed.job)
  }

  /** Deletes a finished job with its events and logs. */
  async remove(userId: string, jobId: string): Promise<void> {
    const found = await this.records.remove(jobId, userId, (job) => {
      if (!TERMINAL_STATUSES.includes(job.status)) {
        throw conflict(`Job is ${job.status}; cancel it before deleting it`)
      }
    })
    if (!found) throw notFound()
  }

  /** The job's events in order, those after `afterId` (an SSE Last-Event-ID) when given. */
  async events(userId: string, jobId: string, afterId = 0): Promise<JobEvent[]> {
    await this.own(userId, jobId)
    return this.records.events(jobId, Number.isFinite(afterId) ? Math.max(0, Math.floor(afterId)) : 0)
  }

  async logs(userId: string, jobId: string): Promise<JobLog[]> {
    await this.own(userId, jobId)
    return this.records.logs(jobId)
  }

  /**
   * Called after each event of that job is stored, in order; returns an unsubscribe function. For a
   * gapless stream subscribe first, then read `events()`, and skip ids already sent.
   */
  subscribe(jobId: string, listener: (event: JobEvent) => void): () => void {
    let set = this.listeners.get(jobId)
    if (!set) this.listeners.set(jobId, (set = new Set()))
    const listeners = set
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0 && this.listeners.get(jobId) === listeners) {
        this.listeners.delete(jobId)
        this.heard.delete(jobId)
      }
    }
  }

  /** The user's pending and running jobs of that type, oldest first. */
  async active(userId: string, jobType: string): Promise<JobView[]> {
    return (await this.records.active(userId, jobType)).map(toJobView)
  }

  /** The user's oldest pending or running job of that type whose payload[key] === value. */
  async findActive(
    userId: string,
    jobType: string,
    payloadKey: string,
    value: string,
  ): Promise<JobView | undefined> {
    // Filtered here, not in SQL: portable across drivers, and a user has few active jobs of a type.
    const found = (await this.records.active(userId, jobType)).find(
      (job) => Object.hasOwn(job.payload, payloadKey) && job.payload[payloadKey] === value,
    )
    return found && toJobView(found)
  }

  start(): Promise<void> {
    return this.runner.start({
      remoteEvent: (jobId, eventId) => {
        this.hearRemote(jobId, eventId).catch(this.logError)
      },
    })
  }

  stop(): Promise<void> {
    return this.runner.stop()
  }

  idle(): Promise<void> {
    return this.runner.idle()
  }

  wake(): void {
    this.runner.wake()
  }

  private async own(userId: string, jobId: string): Promise<StoredJob> {
    const job = await this.records.find(jobId, userId)
    if (!job) throw notFound()
    return job
  }

  /**
   * Another instance stored event `eventId` of the job: its listeners here hear every event they
   * have not yet heard, read from the table (a message may be lost or stand for several events).
   */
  private async hearRemote(jobId: string, eventId: number): Promise<void> {
    if (!this.listeners.has(jobId)) return
    const from = Math.min(this.heard.get(jobId) ?? eventId - 1, eventId - 1)
    for (const event of await this.records.events(jobId, from)) this.notify(event)
  }

  private notify(event: JobEvent): void {
    const listeners = this.listeners.get(event.job_id)
    if (!listeners) return
    const heard = this.heard.get(event.job_id) ?? 0
    if (event.id <= heard) return
    this.heard.set(event.job_id, event.id)
    for (const listener of [...listeners]) {
      try {
        listener(event)
      } catch (error) {
        this.logError(error)
      }
    }
  }
}

/** Slots of a pool: a whole number, at least 1. */
function slots(value: number | undefined, fallback: number): number {
  return Math.max(1, Math.floor(value ?? fallback))
}

function normaliseTime(value: string): string {
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) throw invalid('scheduled_for', 'Not a valid timestamp')
  // Stored in one format, so that the "due" comparison in SQL can compare strings.
  return toTimestamp(ms)
}

const notFound = () => ApiError.notFound('Job not found')
const conflict = (detail: string) => new ApiError(409, detail)
const invalid = (field: string, msg: string) =>
  ApiError.unprocessable([{ loc: ['body', field], msg, type: 'value_error' }])

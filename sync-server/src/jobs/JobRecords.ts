import type { SqlDriver, SqlValue } from '../sql/SqlDriver'
import type { JobEvent, JobLog, JobStatus, StoredJob } from './Job'
import { fairNextQuery, type JobPick } from './JobPick'
import {
  fromJobEventRow,
  fromJobLogRow,
  fromJobRow,
  JOB_COLUMNS,
  JOB_UPDATE_SET,
  toJobParams,
  toJobUpdateParams,
  type JobEventRow,
  type JobLogRow,
  type JobRow,
} from './jobRows'

/** The fields a state change may move. */
export type JobPatch = Partial<
  Pick<
    StoredJob,
    | 'status'
    | 'progress_percent'
    | 'result'
    | 'error'
    | 'attempts'
    | 'cancel_requested'
    | 'started_at'
    | 'completed_at'
    | 'claimed_by'
  >
>

/** One step of a job: what moves (nothing for a log), the event that records it, and a log line. */
export interface JobChange {
  set?: JobPatch
  event: { type: string; data?: Record<string, unknown> }
  log?: { level: JobLog['level']; message: string }
}

/**
 * Looks at the job as it is now and says what changes (undefined: nothing), or throws (an ApiError
 * for a refused transition). `at` is the change's timestamp.
 */
export type Decide = (job: StoredJob, at: string) => JobChange | undefined

const placeholders = JOB_COLUMNS.split(',')
  .map(() => '?')
  .join(', ')

// Constant SQL text only, so that the driver prepares each statement once and reuses it. Optional
// filters are `(CAST(? AS TEXT) IS NULL OR column = ?)` with the value passed twice (the CAST gives
// PostgreSQL the parameter's type, which `? IS NULL` alone leaves unknown).
const SQL = {
  insertJob: `INSERT INTO jobs (${JOB_COLUMNS}) VALUES (${placeholders})`,
  getJob: `SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ?`,
  getOwnJob: `SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ? AND user_id = ?`,
  getByKey: `SELECT ${JOB_COLUMNS} FROM jobs WHERE user_id = ? AND idempotency_key = ?`,
  updateJob: `UPDATE jobs SET ${JOB_UPDATE_SET} WHERE id = ?`,
  deleteJob: 'DELETE FROM jobs WHERE id = ?',
  hasDue: `SELECT 1 AS due FROM jobs
    WHERE status = 'pending' AND (scheduled_for IS NULL OR scheduled_for <= ?) LIMIT 1`,
  running: `SELECT ${JOB_COLUMNS} FROM jobs WHERE status = 'running' ORDER BY seq`,
  active: `SELECT ${JOB_COLUMNS} FROM jobs
    WHERE user_id = ? AND job_type = ? AND status IN ('pending', 'running') ORDER BY seq`,
  list: `SELECT ${JOB_COLUMNS} FROM jobs
    WHERE user_id = ? AND (CAST(? AS TEXT) IS NULL OR status = ?) AND (CAST(? AS TEXT) IS NULL OR job_type = ?)
    ORDER BY created_at DESC, seq DESC LIMIT ? OFFSET ?`,
  count: `SELECT COUNT(*) AS total FROM jobs
    WHERE user_id = ? AND (CAST(? AS TEXT) IS NULL OR status = ?) AND (CAST(? AS TEXT) IS NULL OR job_type = ?)`,
  lastEventSeq: 'SELECT COALESCE(MAX(seq), 0) AS seq FROM job_events WHERE job_id = ?',
  insertEvent: 'INSERT INTO job_events (job_id, seq, type, data, created_at) VALUES (?, ?, ?, ?, ?)',
  events: `SELECT job_id, seq, type, data, created_at FROM job_events
    WHERE job_id = ? AND seq > ? ORDER BY seq`,
  lastLogSeq: 'SELECT COALESCE(MAX(seq), 0) AS seq FROM job_logs WHERE job_id = ?',
  insertLog: 'INSERT INTO job_logs (job_id, seq, level, message, created_at) VALUES (?, ?, ?, ?, ?)',
  logs: 'SELECT seq, level, message, created_at FROM job_logs WHERE job_id = ? ORDER BY seq',
} as const

/**
 * Jobs, their events and logs over SQL. "Read the job, decide, write the change and its event" is a
 * compare-and-set whose version is the job's last event number: the number is read before the job,
 * and the change is stored with event number + 1 in one transaction (driver.batch). Another writer
 * that changed the job in between took that number first, so the primary key (job_id, seq) refuses
 * this write, the transaction rolls back, and the change is decided again on the job as it now is.
 * That keeps decisions safe across processes sharing one PostgreSQL database, and event numbers
 * gapless and unique per job. Within a process, writes still go through one queue (no conflicts
 * among them), and listeners hear of events in sequence order before the next write starts. Reads
 * do not queue.
 */
export class JobRecords {
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly driver: SqlDriver,
    private readonly now: () => string,
    private readonly onEvent: (event: JobEvent) => void,
  ) {}

  /** Stores a new job with its `created` event, or returns the user's job with the same key. */
  insert(job: StoredJob): Promise<{ job: StoredJob; created: boolean }> {
    return this.locked(() =>
      // Another instance storing the same key at the same moment wins the unique key: theirs is the job.
      this.again(async () => {
        if (job.idempotency_key !== null) {
          const row = await this.driver.get<JobRow>(SQL.getByKey, [job.user_id, job.idempotency_key])
          if (row) return { job: fromJobRow(row), created: false }
        }
        const event = this.eventOf(
          job,
          1,
          { type: 'created', data: { job_type: job.job_type } },
          job.created_at,
        )
        await this.driver.batch([
          { sql: SQL.insertJob, params: toJobParams(job) },
          { sql: SQL.insertEvent, params: eventParams(event) },
        ])
        this.onEvent(event)
        return { job, created: true }
      }),
    )
  }

  find(id: string, userId?: string): Promise<StoredJob | undefined> {
    const found =
      userId === undefined
        ? this.driver.get<JobRow>(SQL.getJob, [id])
        : this.driver.get<JobRow>(SQL.getOwnJob, [id, userId])
    return found.then((row) => row && fromJobRow(row))
  }

  /** Applies what `decide` says to the job (the user's, when given). Undefined: no such job. */
  change(
    id: string,
    userId: string | undefined,
    decide: Decide,
  ): Promise<{ job: StoredJob; event?: JobEvent } | undefined> {
    return this.locked(() =>
      this.again(async () => {
        const last = await this.lastEvent(id)
        const job = await this.find(id, userId)
        return job && this.apply(job, last, decide)
      }),
    )
  }

  /** Moves the next due pending job of the fair order (see JobPick) with `decide`, unless `open` says no. */
  claimNext(pick: JobPick, open: () => boolean, decide: Decide): Promise<StoredJob | undefined> {
    // One process claims from SQLite (LocalClaims); several instances claim through pg-boss.
    return this.locked(async () => {
      if (!open()) return undefined
      const job = await this.fairNext(pick)
      if (!job) return undefined
      return (await this.apply(job, await this.lastEvent(job.id), decide)).job
    })
  }

  /** The pending job the fair order (see JobPick) gives a free slot now, without taking it. */
  async fairNext(pick: JobPick): Promise<StoredJob | undefined> {
    const { sql, params } = fairNextQuery(pick, this.now())
    const row = await this.driver.get<JobRow>(sql, params)
    return row && fromJobRow(row)
  }

  async hasDue(): Promise<boolean> {
    return (await this.driver.get(SQL.hasDue, [this.now()])) !== undefined
  }

  /** Deletes the user's job (events and logs go with it) once `check` lets it. False: no such job. */
  remove(id: string, userId: string, check: (job: StoredJob) => void): Promise<boolean> {
    return this.locked(async () => {
      const job = await this.find(id, userId)
      if (!job) return false
      check(job)
      await this.driver.run(SQL.deleteJob, [id])
      return true
    })
  }

  async running(): Promise<StoredJob[]> {
    return (await this.driver.all<JobRow>(SQL.running)).map(fromJobRow)
  }

  async active(userId: string, jobType: string): Promise<StoredJob[]> {
    return (await this.driver.all<JobRow>(SQL.active, [userId, jobType])).map(fromJobRow)
  }

  async list(
    userId: string,
    filter: { status?: JobStatus; job_type?: string; limit: number; offset: number },
  ): Promise<{ items: StoredJob[]; total: number }> {
    const status = filter.status ?? null
    const jobType = filter.job_type ?? null
    const where: SqlValue[] = [userId, status, status, jobType, jobType]
    // SQLite reads a negative LIMIT as "no limit"; a non-positive one means none here.
    const limit = Math.max(0, Math.floor(filter.limit))
    const offset = Math.max(0, Math.floor(filter.offset))
    const rows = await this.driver.all<JobRow>(SQL.list, [...where, limit, offset])
    const count = await this.driver.get<{ total: number }>(SQL.count, where)
    return { items: rows.map(fromJobRow), total: count?.total ?? 0 }
  }

  async events(jobId: string, afterId: number): Promise<JobEvent[]> {
    return (await this.driver.all<JobEventRow>(SQL.events, [jobId, afterId])).map(fromJobEventRow)
  }

  async logs(jobId: string): Promise<JobLog[]> {
    return (await this.driver.all<JobLogRow>(SQL.logs, [jobId])).map(fromJobLogRow)
  }

  private async lastEvent(jobId: string): Promise<number> {
    return (await this.driver.get<{ seq: number }>(SQL.lastEventSeq, [jobId]))?.seq ?? 0
  }

  /** `last` is the job's last event number, read before `job`: the change is stored as last + 1 or not at all. */
  private async apply(
    job: StoredJob,
    last: number,
    decide: Decide,
  ): Promise<{ job: StoredJob; event?: JobEvent }> {
    const at = this.now()
    const change = decide(job, at)
    if (!change) return { job }
    const next: StoredJob = change.set ? { ...job, ...change.set, updated_at: at } : job
    const event = this.eventOf(next, last + 1, change.event, at)
    const statements: Array<{ sql: string; params: SqlValue[] }> = []
    if (change.set) statements.push({ sql: SQL.updateJob, params: toJobUpdateParams(next) })
    statements.push({ sql: SQL.insertEvent, params: eventParams(event) })
    if (change.log) {
      const lastLog = await this.driver.get<{ seq: number }>(SQL.lastLogSeq, [job.id])
      statements.push({
        sql: SQL.insertLog,
        params: [job.id, (lastLog?.seq ?? 0) + 1, change.log.level, change.log.message, at],
      })
    }
    await this.driver.batch(statements)
    this.onEvent(event)
    return { job: next, event }
  }

  private eventOf(job: StoredJob, seq: number, event: JobChange['event'], at: string): JobEvent {
    return {
      id: seq,
      job_id: job.id,
      type: event.type,
      data: { ...event.data, status: job.status, progress_percent: job.progress_percent },
      created_at: at,
    }
  }

  /**
   * Runs `work` again while another instance's concurrent write makes it lose a unique key (a job's
   * next event number, an idempotency key): each attempt re-reads what it decides on.
   */
  private async again<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work()
      } catch (error) {
        if (!lostRace(error) || attempt >= MAX_ATTEMPTS) throw error
      }
    }
  }

  private locked<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work)
    // The queue goes on whether this write succeeded or not; the caller gets its own outcome.
    this.queue = result.catch(() => undefined)
    return result
  }
}

/** Enough for any burst of writers on one job; past it something else is wrong, and the error says what. */
const MAX_ATTEMPTS = 50

/** PostgreSQL's unique_violation: a concurrent writer stored the same key first. */
function lostRace(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505'
}

function eventParams(event: JobEvent): SqlValue[] {
  return [event.job_id, event.id, event.type, JSON.stringify(event.data), event.created_at]
}

/**
 * The job resource as the service hands it out, and the contract between the runner and a job type's
 * handler. Timestamps are ISO 8601 with milliseconds and a Z suffix.
 */
export type JobStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled'

export interface JobView {
  id: string
  job_type: string
  status: JobStatus
  priority: number
  progress_percent: number
  payload: Record<string, unknown>
  result: Record<string, unknown> | null
  error: string | null
  idempotency_key: string | null
  scheduled_for: string | null
  attempts: number
  created_at: string
  started_at: string | null
  completed_at: string | null
  updated_at: string
}

/** One step of a job's history. `id` is the per-job sequence number (1, 2, 3...), the SSE event id. */
export interface JobEvent {
  id: number
  job_id: string
  type: string
  data: Record<string, unknown>
  created_at: string
}

export interface JobLog {
  id: number
  level: 'info' | 'warn' | 'error'
  message: string
  created_at: string
}

/**
 * What a handler gets besides its job. `signal` aborts on cancel (reason: a `JobAbortedError` with
 * `why: 'cancelled'`) and on shutdown (`why: 'shutdown'`). `progress` and `log` are ignored once the
 * run is no longer the job's current one (it settled, or the job was requeued by another start).
 */
export interface JobContext {
  signal: AbortSignal
  progress(percent: number, message?: string): Promise<void>
  log(message: string, level?: JobLog['level']): Promise<void>
}

/** Runs one job. The returned object becomes `result` (`{}` for none); a thrown Error's message `error`. */
export type JobHandler = (
  job: JobView & { user_id: string },
  context: JobContext,
) => Promise<Record<string, unknown> | void>

export interface JobCreate {
  job_type: string
  payload?: Record<string, unknown>
  priority?: number
  scheduled_for?: string
  idempotency_key?: string
}

/**
 * The job as stored: the view plus its owner, the cancel flag and the instance running it
 * (`claimed_by`, see JobLeases), which the API does not show.
 */
export interface StoredJob extends JobView {
  user_id: string
  cancel_requested: boolean
  claimed_by: string | null
}

/** Drops the fields the API does not show. */
export function toJobView(job: StoredJob): JobView {
  const { user_id: _user, cancel_requested: _cancel, claimed_by: _claim, ...view } = job
  return view
}

export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'cancelled']

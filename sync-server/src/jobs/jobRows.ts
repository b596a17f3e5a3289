import type { SqlValue } from '../sql/SqlDriver'
import type { JobEvent, JobLog, JobStatus, StoredJob } from './Job'

/** Jobs, events and logs as SQL rows: objects as JSON text, booleans as 0/1 (jobClaimsMigration adds claimed_by). */
export interface JobRow {
  id: string
  user_id: string
  job_type: string
  status: string
  priority: number
  payload: string
  result: string | null
  error: string | null
  progress_percent: number
  idempotency_key: string | null
  scheduled_for: string | null
  attempts: number
  cancel_requested: number
  created_at: string
  started_at: string | null
  completed_at: string | null
  updated_at: string
  claimed_by: string | null
}

export interface JobEventRow {
  job_id: string
  seq: number
  type: string
  data: string
  created_at: string
}

export interface JobLogRow {
  seq: number
  level: string
  message: string
  created_at: string
}

/** Column order of `toJobParams`, for INSERT and SELECT alike. */
export const JOB_COLUMNS = `id, user_id, job_type, status, priority, payload, result, error,
  progress_percent, idempotency_key, scheduled_for, attempts, cancel_requested, created_at, started_at,
  completed_at, updated_at, claimed_by`

export function toJobParams(job: StoredJob): SqlValue[] {
  return [
    job.id,
    job.user_id,
    job.job_type,
    job.status,
    job.priority,
    JSON.stringify(job.payload),
    job.result === null ? null : JSON.stringify(job.result),
    job.error,
    job.progress_percent,
    job.idempotency_key,
    job.scheduled_for,
    job.attempts,
    job.cancel_requested ? 1 : 0,
    job.created_at,
    job.started_at,
    job.completed_at,
    job.updated_at,
    job.claimed_by,
  ]
}

/** The columns a state change may move, in the order of `toJobUpdateParams` (id last). */
export const JOB_UPDATE_SET = `status = ?, progress_percent = ?, result = ?, error = ?, attempts = ?,
  cancel_requested = ?, started_at = ?, completed_at = ?, updated_at = ?, claimed_by = ?`

export function toJobUpdateParams(job: StoredJob): SqlValue[] {
  return [
    job.status,
    job.progress_percent,
    job.result === null ? null : JSON.stringify(job.result),
    job.error,
    job.attempts,
    job.cancel_requested ? 1 : 0,
    job.started_at,
    job.completed_at,
    job.updated_at,
    job.claimed_by,
    job.id,
  ]
}

export function fromJobRow(row: JobRow): StoredJob {
  return {
    id: row.id,
    user_id: row.user_id,
    job_type: row.job_type,
    status: row.status as JobStatus,
    priority: row.priority,
    progress_percent: row.progress_percent,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    result: row.result === null ? null : (JSON.parse(row.result) as Record<string, unknown>),
    error: row.error,
    idempotency_key: row.idempotency_key,
    scheduled_for: row.scheduled_for,
    attempts: row.attempts,
    cancel_requested: row.cancel_requested !== 0,
    created_at: row.created_at,
    started_at: row.started_at,
    completed_at: row.completed_at,
    updated_at: row.updated_at,
    claimed_by: row.claimed_by ?? null,
  }
}

export function fromJobEventRow(row: JobEventRow): JobEvent {
  return {
    id: row.seq,
    job_id: row.job_id,
    type: row.type,
    data: JSON.parse(row.data) as Record<string, unknown>,
    created_at: row.created_at,
  }
}

export function fromJobLogRow(row: JobLogRow): JobLog {
  return {
    id: row.seq,
    level: row.level as JobLog['level'],
    message: row.message,
    created_at: row.created_at,
  }
}

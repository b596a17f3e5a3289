import type { SqlValue } from '../sql/SqlDriver'
import { JOB_COLUMNS } from './jobRows'

/**
 * Which pending job a free slot of one of the runner's two pools takes. The outbound pool runs the
 * jobs that wait on the network for long (model installs, plugin downloads), the work pool every
 * other type (document processing, evaluation runs), so installs that trickle for hours never hold
 * the slots documents need.
 */
export interface JobPick {
  /** The job types of the outbound pool; every other type is the work pool's. */
  outboundTypes: readonly string[]
  /** Whether the free slot is the outbound pool's. */
  outbound: boolean
  /** How many of one person's jobs of this pool may run on this instance at once. */
  perUser: number
  /** This instance: the per-person cap counts its runs (`claimed_by`). */
  instanceId: string
  /**
   * Whether pending jobs reserved for another instance (`claimed_by` while pending, JobService's
   * `here`) are skipped: on PostgreSQL, not on SQLite's one process, whose id is new at each start.
   */
  honourReservations: boolean
}

const jobColumns = JOB_COLUMNS.split(',')
  .map((column) => `j.${column.trim()}`)
  .join(', ')

/**
 * The fair choice as one SQL query (SQLite and PostgreSQL alike), due at `now`: each person's turn is
 * their highest priority pending job, then their oldest; among people, the one with the fewest jobs
 * of the pool running (on every instance) goes first, then the one whose last job of the pool started
 * longest ago (so people with equal counts take turns), then the one waiting longest. A person whose
 * jobs of the pool already fill their cap on this instance is passed over. So a person's priority
 * only orders their own jobs, and one person's queue, however long or urgent, never holds another's
 * back.
 */
export function fairNextQuery(pick: JobPick, now: string): { sql: string; params: SqlValue[] } {
  // An empty IN () is no SQL; '' is no job type (types are registered names, never empty).
  const types = pick.outboundTypes.length > 0 ? [...pick.outboundTypes] : ['']
  const inPool = `job_type ${pick.outbound ? 'IN' : 'NOT IN'} (${types.map(() => '?').join(', ')})`
  const reservation = pick.honourReservations ? 'AND (claimed_by IS NULL OR claimed_by = ?)' : ''
  const sql = `WITH running AS (
      SELECT user_id, COUNT(*) AS total, SUM(CASE WHEN claimed_by = ? THEN 1 ELSE 0 END) AS here
      FROM jobs WHERE status = 'running' AND ${inPool} GROUP BY user_id
    ), waiting AS (
      SELECT seq, user_id,
        ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY priority DESC, seq) AS turn,
        MIN(seq) OVER (PARTITION BY user_id) AS since
      FROM jobs
      WHERE status = 'pending' AND (scheduled_for IS NULL OR scheduled_for <= ?) AND ${inPool} ${reservation}
    ), turns AS (
      SELECT user_id, MAX(started_at) AS last FROM jobs
      WHERE started_at IS NOT NULL AND ${inPool} AND user_id IN (SELECT user_id FROM waiting)
      GROUP BY user_id
    )
    SELECT ${jobColumns} FROM waiting w
    JOIN jobs j ON j.seq = w.seq
    LEFT JOIN running r ON r.user_id = w.user_id
    LEFT JOIN turns t ON t.user_id = w.user_id
    WHERE w.turn = 1 AND COALESCE(r.here, 0) < ?
    ORDER BY COALESCE(r.total, 0), COALESCE(t.last, ''), w.since
    LIMIT 1`
  const params: SqlValue[] = [pick.instanceId, ...types, now, ...types]
  if (pick.honourReservations) params.push(pick.instanceId)
  params.push(...types, pick.perUser)
  return { sql, params }
}

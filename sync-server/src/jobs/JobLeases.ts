import type { SqlDriver } from '../sql/SqlDriver'

/** Now in milliseconds by PostgreSQL's clock: every instance measures leases by the same clock. */
const NOW_MS = 'CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)'

/**
 * The one test of an instance being alive, as SQL: its `heartbeat` (a job_instances.heartbeat_at
 * column) is younger than `leaseMs` (SQL giving the lease in ms, e.g. a placeholder). The jobs' takeover
 * and the cluster's event stream counts (cluster/PgStreamSlots) both use it.
 */
export function isAlive(heartbeat: string, leaseMs: string): string {
  return `${heartbeat} >= ${NOW_MS} - CAST(${leaseMs} AS BIGINT)`
}

const SQL = {
  beat: `INSERT INTO job_instances (id, heartbeat_at) VALUES (?, ${NOW_MS})
    ON CONFLICT (id) DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at`,
  leave: 'DELETE FROM job_instances WHERE id = ?',
  // Running jobs whose instance has not beaten within the lease (or never recorded one), and pending
  // jobs reserved for such an instance.
  orphans: `SELECT j.id, j.claimed_by FROM jobs j
    WHERE (j.status = 'running' OR (j.status = 'pending' AND j.claimed_by IS NOT NULL)) AND NOT EXISTS (
      SELECT 1 FROM job_instances i
      WHERE i.id = j.claimed_by AND ${isAlive('i.heartbeat_at', '?')}
    )`,
  // Instances silent for a hundred leases are long gone: their rows go.
  forget: `DELETE FROM job_instances WHERE heartbeat_at < ${NOW_MS} - CAST(? AS BIGINT)`,
  mine: `SELECT id, claimed_by FROM jobs WHERE status IN ('running', 'pending') AND claimed_by = ?`,
  // Pending jobs no pg-boss job names: their send failed (or its instance died right after storing).
  unqueued: `SELECT j.id FROM jobs j
    WHERE j.status = 'pending' AND j.claimed_by IS NULL AND j.updated_at < ? AND NOT EXISTS (
      SELECT 1 FROM pgboss.job b
      WHERE b.name = ? AND b.state IN ('created', 'retry', 'active') AND b.data->>'id' = j.id
    )`,
} as const

export interface RunningClaim {
  id: string
  claimed_by: string | null
}

/**
 * Instances' heartbeats (PostgreSQL only). pg-boss 10 has no heartbeat of its own, and its expiry
 * would retry a job that is still running (a model pull takes hours), so an instance is alive while
 * its row in `job_instances` is younger than the lease (JOB_LEASE_S), by the database's clock. Each
 * live instance beats every third of the lease and looks for running jobs claimed by an instance that
 * is not alive (`orphans`); the takeover itself is a compare-and-set on the job (BossClaims).
 */
export class JobLeases {
  constructor(
    private readonly driver: SqlDriver,
    readonly instanceId: string,
    readonly leaseMs: number,
  ) {}

  async beat(): Promise<void> {
    await this.driver.run(SQL.beat, [this.instanceId])
  }

  /** Running jobs of instances that are not alive; this instance beats first, so never its own. */
  async orphans(): Promise<RunningClaim[]> {
    await this.beat()
    await this.driver.run(SQL.forget, [this.leaseMs * 100])
    return this.driver.all<RunningClaim>(SQL.orphans, [this.leaseMs])
  }

  /** Jobs this instance claimed (left by handlers a stop aborted) or had reserved. */
  mine(): Promise<RunningClaim[]> {
    return this.driver.all<RunningClaim>(SQL.mine, [this.instanceId])
  }

  /** Pending jobs last changed before `before` that no message of `queue` names. */
  async unqueued(queue: string, before: string): Promise<string[]> {
    return (await this.driver.all<{ id: string }>(SQL.unqueued, [before, queue])).map((row) => row.id)
  }

  /** A graceful stop: this instance is gone at once, not a lease later. */
  async leave(): Promise<void> {
    await this.driver.run(SQL.leave, [this.instanceId])
  }
}

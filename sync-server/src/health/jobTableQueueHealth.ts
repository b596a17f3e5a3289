import type { SqlDriver } from '../sql/SqlDriver'
import type { QueueHealth } from './ServerHealthPorts'
import { timeBoxed } from './timeBoxed'

/**
 * The in-process queue's state is its `jobs` table: jobs pending and running, counted there (every
 * instance's, where instances share the database).
 */
export function jobTableQueueHealth(
  driver: SqlDriver,
  kind: QueueHealth['kind'] = 'in-process',
): () => Promise<QueueHealth> {
  return () =>
    timeBoxed<QueueHealth>(
      async () => {
        const rows = await driver.all<{ status: string; n: number | string }>(
          "SELECT status, COUNT(*) AS n FROM jobs WHERE status IN ('pending', 'running') GROUP BY status",
        )
        const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0)
        return { kind, ok: true, pending: count('pending'), running: count('running') }
      },
      (reason) => ({ kind, ok: false, pending: 0, running: 0, error: reason }),
    )
}

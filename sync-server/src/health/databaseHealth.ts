import type { SqlDriver } from '../sql/SqlDriver'
import type { DatabaseHealth } from './ServerHealthPorts'
import { timeBoxed } from './timeBoxed'

/**
 * Checks the server's database with one round trip (`SELECT 1`, timed), and on PostgreSQL asks its
 * version too. Answers `ok: false` with the reason when it fails or takes longer than the time box.
 */
export function databaseHealth(
  driver: SqlDriver,
  now: () => number = () => performance.now(),
): () => Promise<DatabaseHealth> {
  const kind = driver.dialect
  return () => {
    const started = now()
    const elapsed = () => Math.round((now() - started) * 10) / 10
    return timeBoxed<DatabaseHealth>(
      async () => {
        await driver.get('SELECT 1 AS one')
        const latency_ms = elapsed()
        if (kind === 'sqlite') return { kind, ok: true, latency_ms }
        const row = await driver.get<{ server_version: string }>('SHOW server_version')
        return { kind, ok: true, latency_ms, version: row?.server_version }
      },
      (reason) => ({ kind, ok: false, latency_ms: elapsed(), error: reason }),
    )
  }
}

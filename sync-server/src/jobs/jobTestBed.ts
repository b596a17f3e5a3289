import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate } from '../sql/migrations'
import type { SqlDriver } from '../sql/SqlDriver'
import { SqliteDriver } from '../sql/SqliteDriver'
import { jobClaimsMigration } from './jobClaimsMigration'
import { jobsMigration } from './jobsMigration'
import { JobService, type JobServiceOptions } from './JobService'

/**
 * Test helpers: services over a real SQLite file in a temporary folder, or over the empty database
 * `database` connects to (a PostgreSQL schema), closed by `cleanup()`.
 */
export function jobTestBed(database?: { connect(): SqlDriver }) {
  const dir = mkdtempSync(join(tmpdir(), 'quire-jobs-'))
  const connect = database ? () => database.connect() : () => new SqliteDriver(join(dir, 'server.db'))
  const open: Array<{ service: JobService; driver: SqlDriver }> = []
  const errors: unknown[] = []
  return {
    errors,
    async service(options: JobServiceOptions = {}): Promise<JobService> {
      const driver = connect()
      await migrate(driver, [jobsMigration, jobClaimsMigration])
      const service = new JobService(driver, {
        pollMs: 20,
        logError: (error) => errors.push(error),
        ...options,
      })
      open.push({ service, driver })
      return service
    },
    async cleanup(): Promise<void> {
      for (const { service, driver } of open.splice(0)) {
        await service.stop()
        await driver.close()
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

/** Resolves when the signal aborts, rejecting with its reason (what a well-behaved handler does). */
export function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
}

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'
import { createTestDatabase, type TestDatabase } from '../postgres/createTestDatabase'
import { ClusterBus } from '../../src/cluster/ClusterBus'
import { openDatabases, type Databases } from '../../src/sql/openDatabases'
import { BossClaims } from '../../src/jobs/BossClaims'
import type { JobHandler } from '../../src/jobs/Job'
import { JobService, type JobServiceOptions } from '../../src/jobs/JobService'

/**
 * Job services on one throwaway PostgreSQL, as the instances of a cluster are: each with its own pool,
 * bus and pg-boss claims over the shared jobs table. Call it in a describe (or a file's top level): it
 * creates the database before the tests there and stops every instance and drops it after them.
 * `errors` gathers what any instance logged.
 */
export function bossInstances(folderPrefix: string) {
  let database: TestDatabase
  const dataDir = mkdtempSync(join(tmpdir(), folderPrefix))
  const opened: Array<{ databases: Databases; bus: ClusterBus; service: JobService }> = []
  const errors: unknown[] = []

  beforeAll(async () => {
    database = await createTestDatabase()
  }, scaledTimeout(30_000))
  afterAll(async () => {
    for (const { databases, bus, service } of opened.splice(0)) {
      await service.stop()
      await bus.close()
      await databases.close()
    }
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }, scaledTimeout(30_000))

  /** A started instance running `handlers`; `leaseMs`: how long its claim on a job lasts unrenewed. */
  async function instance(
    handlers: Record<string, JobHandler>,
    options: JobServiceOptions = {},
    leaseMs = 5000,
  ) {
    const databases = await openDatabases({ dataDir, databaseUrl: database.url })
    const bus = await ClusterBus.open({ connection: { connectionString: database.url } })
    const service = new JobService(databases.server, {
      pollMs: 100,
      logError: (error) => errors.push(error),
      claims: (records) =>
        new BossClaims(records, {
          pool: databases.pool!,
          driver: databases.server,
          bus,
          leaseMs,
          logError: (error) => errors.push(error),
        }),
      ...options,
    })
    for (const [type, handler] of Object.entries(handlers)) service.register(type, handler)
    await service.start()
    await bus.ready()
    opened.push({ databases, bus, service })
    return { service, databases }
  }

  return { instance, errors }
}

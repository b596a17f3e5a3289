import type pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/postgres/createTestDatabase'
import { ClusterBus, type ClusterBusOptions } from './ClusterBus'

/**
 * Cluster buses on one throwaway PostgreSQL database, as the instances of a deployment hold them. Call
 * it at a test file's top level (or in a describe): the database is created before its tests, and every
 * bus opened is closed and the database dropped after them.
 */
export function busesOnTestDatabase() {
  let database: TestDatabase
  const buses: ClusterBus[] = []
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    for (const bus of buses) await bus.close()
    await database.drop()
  })
  return {
    /** The database's URL (once the tests run). */
    url: () => database.url,
    /** A bus on the database; `connection` adds to its connection settings. */
    async open(options: Omit<ClusterBusOptions, 'connection'> & { connection?: pg.ClientConfig } = {}) {
      const bus = await ClusterBus.open({
        ...options,
        connection: { ...options.connection, connectionString: database.url },
      })
      buses.push(bus)
      return bus
    },
  }
}

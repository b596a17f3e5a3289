import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { migrate } from './migrations'
import type { SqlDriver } from './SqlDriver'
import { SqliteDriver } from './SqliteDriver'
import { SqlStore } from './SqlStore'

/**
 * Opens a person's database, migrates it and deletes chunk rows an interrupted replacement left
 * behind: `quire.db` in the folder `at` (created if needed), or the database of a driver (a
 * PostgreSQL schema, see openDatabases), which the store then owns.
 */
export async function openSqlStore(at: string | SqlDriver): Promise<SqlStore> {
  const driver = typeof at === 'string' ? sqliteIn(at) : at
  try {
    await migrate(driver)
  } catch (error) {
    await driver.close()
    throw error
  }
  const store = new SqlStore(driver)
  await store.chunks.sweep()
  return store
}

function sqliteIn(dataDir: string): SqliteDriver {
  mkdirSync(dataDir, { recursive: true })
  return new SqliteDriver(join(dataDir, 'quire.db'))
}

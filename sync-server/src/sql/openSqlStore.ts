import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { migrate } from './migrations'
import { SqliteDriver } from './SqliteDriver'
import { SqlStore } from './SqlStore'

/**
 * Opens (creating if needed) the server database `quire.db` in `dataDir`, migrates it and deletes
 * chunk rows an interrupted replacement left behind.
 */
export async function openSqlStore(dataDir: string): Promise<SqlStore> {
  mkdirSync(dataDir, { recursive: true })
  const driver = new SqliteDriver(join(dataDir, 'quire.db'))
  try {
    await migrate(driver)
  } catch (error) {
    await driver.close()
    throw error
  }
  const store = new SqlStore(driver)
  await store.sweepChunks()
  return store
}

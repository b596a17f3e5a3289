import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { accountsMigration } from '../accounts/accountsMigration'
import { jobClaimsMigration } from '../jobs/jobClaimsMigration'
import { jobsMigration } from '../jobs/jobsMigration'
import { migrate } from './migrations'
import { SqliteDriver } from './SqliteDriver'

/**
 * The server's own database, `DATA_DIR/server.db`: accounts, sessions, tokens and jobs. A person's
 * data (collections, documents, chats...) lives in a database of its own (see UserSpaces), so one
 * user's request can never reach another's rows.
 */
export async function openServerDatabase(dataDir: string): Promise<SqliteDriver> {
  mkdirSync(dataDir, { recursive: true })
  const driver = new SqliteDriver(join(dataDir, 'server.db'))
  try {
    await migrate(driver, [accountsMigration, jobsMigration, jobClaimsMigration])
  } catch (error) {
    await driver.close()
    throw error
  }
  return driver
}

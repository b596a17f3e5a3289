import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { accountsMigration } from '../accounts/accountsMigration'
import { tokenOrderMigration } from '../accounts/tokenOrderMigration'
import { tokenScopeMigration } from '../accounts/tokenScopeMigration'
import { jobClaimsMigration } from '../jobs/jobClaimsMigration'
import { jobsMigration } from '../jobs/jobsMigration'
import { migrate } from './migrations'
import type { SqlDriver } from './SqlDriver'
import { SqliteDriver } from './SqliteDriver'

/**
 * The server's own database, `DATA_DIR/server.db` (or a driver's: PostgreSQL's schema `quire`, see
 * openDatabases), migrated: accounts, sessions, tokens and jobs. A person's data (collections,
 * documents, chats...) lives in a database of its own (see UserSpaces), so one user's request can
 * never reach another's rows.
 */
export async function openServerDatabase(at: string | SqlDriver): Promise<SqlDriver> {
  const driver = typeof at === 'string' ? sqliteIn(at) : at
  try {
    await migrate(driver, [
      accountsMigration,
      jobsMigration,
      jobClaimsMigration,
      tokenOrderMigration,
      tokenScopeMigration,
    ])
  } catch (error) {
    await driver.close()
    throw error
  }
  return driver
}

function sqliteIn(dataDir: string): SqliteDriver {
  mkdirSync(dataDir, { recursive: true })
  return new SqliteDriver(join(dataDir, 'server.db'))
}

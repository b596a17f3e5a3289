import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type pg from 'pg'
import { openPgPool } from './openPgPool'
import { openServerDatabase } from './openServerDatabase'
import { PgDriver } from './PgDriver'
import type { SqlDriver } from './SqlDriver'
import { SqliteDriver } from './SqliteDriver'

/** PostgreSQL's schema of the server's own tables (accounts, sessions, tokens, jobs). */
export const SERVER_SCHEMA = 'quire'

/** PostgreSQL's schema of one person's data and sync log: `u_` and their id without hyphens. */
export function personSchema(userId: string): string {
  return `u_${userId.replace(/-/g, '').toLowerCase()}`
}

/** Where the server's SQL lives: SQLite files in DATA_DIR (the default), or one PostgreSQL. */
export interface Databases {
  /** The server's own database, migrated. */
  server: SqlDriver
  /**
   * A new connection to a person's database, not yet migrated (openSqlStore and openSyncSpace
   * migrate it; a PostgreSQL schema is created then): `dir/quire.db`, or their schema. Whoever
   * opens one closes it.
   */
  person(userId: string, dir: string): SqlDriver
  /** DATABASE_URL's pool, one per process: what else shares PostgreSQL (the job queue, events, limits) uses it. */
  pool?: pg.Pool
  /** Closes the server's database and the pool (after every person's connection is closed). */
  close(): Promise<void>
}

export interface DatabasesConfig {
  dataDir: string
  /** DATABASE_URL: `postgres://` or `postgresql://`; absent: SQLite files in dataDir. */
  databaseUrl?: string
  /** DATABASE_POOL_MAX: the pool's connections at most (openPgPool's default 20). */
  databasePoolMax?: number
}

export async function openDatabases(
  config: DatabasesConfig,
  options: { logError?: (error: unknown) => void } = {},
): Promise<Databases> {
  if (!config.databaseUrl) {
    const server = await openServerDatabase(config.dataDir)
    return {
      server,
      person(_userId, dir) {
        mkdirSync(dir, { recursive: true })
        return new SqliteDriver(join(dir, 'quire.db'))
      },
      close: () => server.close(),
    }
  }
  const pool = openPgPool(config.databaseUrl, { max: config.databasePoolMax, logError: options.logError })
  let server: SqlDriver
  try {
    server = await openServerDatabase(new PgDriver(pool, SERVER_SCHEMA))
  } catch (error) {
    await pool.end()
    throw error
  }
  return {
    server,
    person: (userId) => new PgDriver(pool, personSchema(userId)),
    pool,
    async close() {
      await server.close()
      await pool.end()
    },
  }
}

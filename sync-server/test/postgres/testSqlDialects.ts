import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type pg from 'pg'
import { afterAll } from 'vitest'
import { openPgPool } from '../../src/sql/openPgPool'
import { PgDriver } from '../../src/sql/PgDriver'
import type { SqlDriver } from '../../src/sql/SqlDriver'
import { SqliteDriver } from '../../src/sql/SqliteDriver'
import { createTestDatabase, type TestDatabase } from './createTestDatabase'

/** One new, empty database: every `connect()` is another connection to it. */
export interface TestSqlDatabase {
  connect(): SqlDriver
}

/** A dialect the server runs on, for suites that run the same cases on each. */
export interface TestSqlDialect {
  name: 'SQLite' | 'PostgreSQL'
  /** A SQLite file in a folder of its own, or a PostgreSQL schema of its own. */
  fresh(): Promise<TestSqlDatabase>
}

let schemas = 0

/**
 * SQLite and PostgreSQL, for `for (const dialect of testSqlDialects()) describe(...)`. On PostgreSQL a
 * test file gets one database (made on first use), and each `fresh()` a schema in it, as each person
 * has on a server: cheap, and the tables of two tests never meet. Everything goes after the file.
 */
export function testSqlDialects(): TestSqlDialect[] {
  const dirs: string[] = []
  let postgres: Promise<{ database: TestDatabase; pool: pg.Pool }> | undefined
  afterAll(async () => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
    if (postgres) {
      const { database, pool } = await postgres
      await pool.end()
      await database.drop()
    }
  })
  return [
    {
      name: 'SQLite',
      async fresh() {
        const dir = mkdtempSync(join(tmpdir(), 'quire-sql-'))
        dirs.push(dir)
        return { connect: () => new SqliteDriver(join(dir, 'quire.db')) }
      },
    },
    {
      name: 'PostgreSQL',
      async fresh() {
        postgres ??= createTestDatabase().then((database) => ({
          database,
          pool: openPgPool(database.url, { max: 8 }),
        }))
        const { pool } = await postgres
        const schema = `t_${process.pid}_${++schemas}`
        return { connect: () => new PgDriver(pool, schema) }
      },
    },
  ]
}

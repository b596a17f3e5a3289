import type pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { openPgPool } from '../../src/sql/openPgPool'
import { createTestDatabase, type TestDatabase } from './createTestDatabase'

/**
 * A database of its own and a pool of `max` connections over it for the enclosing file or describe
 * block: made before its tests, ended and dropped after them. Read `pool` and `database` inside tests
 * and hooks (they exist from beforeAll on).
 */
export function testPgPool(max?: number): { readonly pool: pg.Pool; readonly database: TestDatabase } {
  let database: TestDatabase | undefined
  let pool: pg.Pool | undefined
  beforeAll(async () => {
    database = await createTestDatabase()
    pool = openPgPool(database.url, max === undefined ? {} : { max })
  })
  afterAll(async () => {
    await pool?.end()
    await database?.drop()
  })
  return {
    get pool() {
      if (!pool) throw new Error('testPgPool: read before its beforeAll ran')
      return pool
    },
    get database() {
      if (!database) throw new Error('testPgPool: read before its beforeAll ran')
      return database
    },
  }
}

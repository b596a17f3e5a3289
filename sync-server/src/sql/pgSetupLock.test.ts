import pg from 'pg'
import PgBoss from 'pg-boss'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/postgres/createTestDatabase'
import { pgSetupLock, withSchemaLock } from './pgSetupLock'

let database: TestDatabase
let pool: pg.Pool

beforeAll(async () => {
  database = await createTestDatabase()
  pool = new pg.Pool({ connectionString: database.url, max: 30 })
})
afterAll(async () => {
  await pool.end()
  await database.drop()
})

/** pg-boss over the shared pool, as BossClaims runs it. */
function boss(schema: string): PgBoss {
  return new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema,
    schedule: false,
  })
}

it('starts pg-boss on several instances at once on a fresh database, one after the other', async () => {
  // pg-boss locks inside the transaction that creates its schema; a session that waited there can
  // still think the schema missing and fail on pg_namespace (it did here, once in a few rounds).
  for (let round = 0; round < 10; round++) {
    const schema = `boss_round_${round}`
    const bosses = Array.from({ length: 5 }, () => boss(schema))
    await Promise.all(bosses.map((b) => withSchemaLock(pool, schema, () => b.start())))
    await Promise.all(bosses.map((b) => b.stop({ graceful: false, close: false })))
  }
})

it('creates a schema and its tables from many sessions at once', async () => {
  const results = await Promise.all(
    Array.from({ length: 8 }, () =>
      pgSetupLock(pool, 'setup_once', async (client) => {
        await client.query('CREATE SCHEMA IF NOT EXISTS setup_once')
        await client.query('CREATE TABLE IF NOT EXISTS setup_once.t (n integer)')
        return (await client.query('INSERT INTO setup_once.t VALUES (1)')).rowCount
      }),
    ),
  )
  expect(results).toEqual(Array(8).fill(1))
})

it('lets the lock go when the work fails, for the next holder', async () => {
  await expect(withSchemaLock(pool, 'failing', () => Promise.reject(new Error('no')))).rejects.toThrow('no')
  await expect(withSchemaLock(pool, 'failing', async () => 'next')).resolves.toBe('next')
})

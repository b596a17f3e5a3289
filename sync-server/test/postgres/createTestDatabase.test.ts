import pg from 'pg'
import { afterAll, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './createTestDatabase'

const made: TestDatabase[] = []
afterAll(async () => {
  for (const database of made) await database.drop()
})

it('gives each caller an empty database of its own in the run’s PostgreSQL', async () => {
  const a = await createTestDatabase()
  const b = await createTestDatabase()
  made.push(a, b)
  expect(a.url).not.toBe(b.url)
  const client = new pg.Client({ connectionString: a.url })
  await client.connect()
  try {
    await client.query('CREATE TABLE t (n integer)')
    await client.query('INSERT INTO t VALUES (1), (2)')
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM t')
    expect(rows[0]?.n).toBe(2)
    const version = await client.query<{ server_version_num: string }>('SHOW server_version_num')
    expect(Number(version.rows[0]?.server_version_num)).toBeGreaterThanOrEqual(130000)
  } finally {
    await client.end()
  }
  const other = new pg.Client({ connectionString: b.url })
  await other.connect()
  try {
    await expect(other.query('SELECT * FROM t')).rejects.toThrow(/does not exist/)
  } finally {
    await other.end()
  }
})

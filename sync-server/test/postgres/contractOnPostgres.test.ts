import pg from 'pg'
import { afterAll, expect, it } from 'vitest'
import { contractSuite } from '../../../web/core/testing/contract/contractSuite'
import { describeSignedIn } from '../describeSignedIn'
import { createTestDatabase, type TestDatabase } from './createTestDatabase'

// One more host for the REST contract: the Koa server with DATABASE_URL set, so the server's own
// tables and the person's data and sync log are in PostgreSQL (files stay in DATA_DIR).
let database: TestDatabase | undefined
afterAll(() => database?.drop())

describeSignedIn(
  'REST contract on the Koa server over PostgreSQL (real HTTP, signed in)',
  'contract-pg',
  contractSuite,
  async () => {
    database = await createTestDatabase()
    return { databaseUrl: database.url }
  },
)

it('kept the account in schema quire and the person’s data and sync log in their own schema', async () => {
  const client = new pg.Client({ connectionString: database!.url })
  await client.connect()
  try {
    const users = await client.query<{ id: string }>('SELECT id FROM quire.users')
    expect(users.rows).toHaveLength(1)
    const schema = `u_${users.rows[0]!.id.replace(/-/g, '')}`
    const counts = await client.query<{ collections: string; log: string }>(
      `SELECT (SELECT COUNT(*) FROM ${schema}.collections) AS collections,
              (SELECT COUNT(*) FROM ${schema}.sync_records) AS log`,
    )
    expect(Number(counts.rows[0]!.collections)).toBeGreaterThan(0)
    expect(Number(counts.rows[0]!.log)).toBeGreaterThan(0)
  } finally {
    await client.end()
  }
})

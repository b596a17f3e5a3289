import pg from 'pg'
import { inject } from 'vitest'

export interface TestDatabase {
  /** A URL of a new, empty database of its own. */
  url: string
  /** Ends every session still connected to it and drops it. */
  drop(): Promise<void>
}

let counter = 0

/**
 * A new empty database in the test run's PostgreSQL (globalSetup.ts), so test files and tests never
 * see each other's tables. Throws the reason (and how to install PostgreSQL) when none runs.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('postgresUrl')
  if (!adminUrl) throw new Error(inject('postgresError') || 'The test PostgreSQL did not start')
  const name = `quire_test_${process.pid}_${Date.now().toString(36)}_${counter++}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        // pg-pool's end() resolves once its clients are told to end, before their sessions have gone.
        // FORCE would terminate those sessions, and each closing client would then emit an 'error'
        // nobody listens to (an unhandled error that fails the run): wait for them to leave first.
        // Sessions still there after 5 s are a leak of the test's, and FORCE ends them.
        for (let tries = 0; tries < 50; tries++) {
          const { rows } = await client.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          )
          if (rows[0]?.n === 0) break
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}

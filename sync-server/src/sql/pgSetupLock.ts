import type pg from 'pg'

/** One advisory lock key for Quire's setup statements (any fixed number; this one spells "quire"). */
const SETUP_LOCK = 0x7175697265

/**
 * Runs `work` in one transaction that holds Quire's setup lock. `CREATE ... IF NOT EXISTS` is not
 * safe against itself in PostgreSQL: two instances starting at once can both decide to create and one
 * fails on a unique index of the catalog. Under the lock they take turns, and the second finds it done.
 */
export async function pgSetupLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK])
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

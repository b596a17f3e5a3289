import { createHash } from 'node:crypto'
import type pg from 'pg'

/**
 * The advisory lock key of one schema's setup: its migrations (PgDriver.exclusive, a session lock)
 * and every other statement that creates the schema or tables in it (pgSetupLock, a transaction
 * lock). One key per schema for all of them: `CREATE ... IF NOT EXISTS` is not safe against itself
 * in PostgreSQL (two sessions can both decide to create, and one fails on a unique index of the
 * catalog, e.g. `pg_namespace_nspname_index`), so whoever creates in a schema takes turns with
 * everyone else who does.
 */
export function schemaLockKey(schema: string): string {
  return createHash('sha256').update(`quire:migrate:${schema}`).digest().readBigInt64BE(0).toString()
}

/**
 * Runs `work` in one transaction holding `schema`'s setup lock (see schemaLockKey): instances starting
 * at once take turns, and the second finds done what the first created.
 */
export async function pgSetupLock<T>(
  pool: pg.Pool,
  schema: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [schemaLockKey(schema)])
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

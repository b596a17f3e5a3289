import { createHash } from 'node:crypto'
import type pg from 'pg'
import { inPgTransaction } from './inPgTransaction'

/**
 * The advisory lock key of one schema's setup: its migrations (PgDriver.exclusive) and every other
 * statement that creates the schema or tables in it (pgSetupLock), pg-boss's start included. One key
 * per schema for all of them: `CREATE ... IF NOT EXISTS` is not safe against itself in PostgreSQL
 * (two sessions can both decide to create, and one fails on a unique index of the catalog, e.g.
 * `pg_namespace_nspname_index`), so whoever creates in a schema takes turns with everyone else who does.
 */
export function schemaLockKey(schema: string): string {
  return createHash('sha256').update(`quire:migrate:${schema}`).digest().readBigInt64BE(0).toString()
}

/**
 * Runs `work` on one connection holding `schema`'s setup lock, a session lock taken BEFORE any
 * transaction of the work begins. That order matters: a session notices what others committed to the
 * catalog (a schema, a table) when a transaction starts or it locks a table, never when it wakes from
 * an advisory lock. A transaction that waited for the lock inside itself can still believe a schema
 * missing that the previous holder just created, and fail creating it; pg-boss's own start does just
 * that (its lock is inside its transaction), which is why its start runs under this lock too.
 */
export function withSchemaLock<T>(
  pool: pg.Pool,
  schema: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return withAdvisoryLock(pool, schemaLockKey(schema), work)
}

/**
 * Runs `work` on one connection of `pool` holding the session advisory lock `key` (a bigint as text),
 * unlocked after. After a failure the connection may still hold the lock or be inside a transaction:
 * it is closed, never handed to someone else.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  key: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [key])
    try {
      return await work(client)
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [key])
    }
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error))
    throw error
  } finally {
    client.release(broken)
  }
}

/** Runs `work` in one transaction under `schema`'s setup lock (see withSchemaLock). */
export function pgSetupLock<T>(
  pool: pg.Pool,
  schema: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return withSchemaLock(pool, schema, (client) => inPgTransaction(client, work))
}

import { randomBytes } from 'node:crypto'
import type pg from 'pg'
import { SERVER_SCHEMA } from '../sql/openDatabases'
import { pgSetupLock } from '../sql/pgSetupLock'

const TABLE = `${SERVER_SCHEMA}.server_secrets`

/** Fewer random bytes than this are guessable (JWT_SECRET and QUIRE_SECRET_KEY ask as many). */
const MIN_SECRET_BYTES = 32

/**
 * A secret generated once for every instance on one PostgreSQL: the row `name` of
 * `quire.server_secrets`, inserted if absent (`bytes` random bytes) and read back, so two instances
 * starting at once both get the one that was stored. Instances on different machines share no
 * DATA_DIR, so a key generated into a file would differ on each, and a token minted by one would be
 * refused by the next.
 *
 * A stored value shorter than 32 bytes (edited by hand) throws rather than being replaced: a new
 * signing key signs everyone out, a new sealing key leaves every stored API key unreadable.
 */
export async function sharedSecret(pool: pg.Pool, name: string, bytes: number): Promise<Buffer> {
  const value = await pgSetupLock(pool, SERVER_SCHEMA, async (client) => {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${SERVER_SCHEMA}`)
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${TABLE} (
         name text PRIMARY KEY,
         value bytea NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    )
    await client.query(`INSERT INTO ${TABLE} (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
      name,
      randomBytes(bytes),
    ])
    const { rows } = await client.query<{ value: Buffer }>(`SELECT value FROM ${TABLE} WHERE name = $1`, [
      name,
    ])
    return rows[0]?.value
  })
  if (!value || value.length < MIN_SECRET_BYTES) {
    throw new Error(
      `The secret '${name}' in ${TABLE} holds ${value?.length ?? 0} bytes, fewer than ${MIN_SECRET_BYTES}; restore it, or delete its row to generate a new one`,
    )
  }
  return value
}

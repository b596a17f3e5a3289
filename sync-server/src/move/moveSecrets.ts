import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type pg from 'pg'
import { sharedSecret } from '../secrets/sharedSecret'
import { SERVER_SCHEMA } from '../sql/openDatabases'

/**
 * The DATA_DIR's generated secrets, by the name the PostgreSQL mode keeps them under in
 * `quire.server_secrets` (sharedSecret): the sealing key of people's API keys and the token signing
 * key. Moving them keeps stored API keys readable and everyone signed in; a deployment that sets
 * QUIRE_SECRET_KEY / JWT_SECRET has no such file and keeps setting them.
 */
export const SECRET_FILES = ['secret-key', 'jwt-secret'] as const

/** Copies each secret file DATA_DIR holds into quire.server_secrets (replacing a row a start generated). */
export async function moveSecrets(pool: pg.Pool, dataDir: string): Promise<string[]> {
  const moved: string[] = []
  for (const name of SECRET_FILES) {
    const path = join(dataDir, name)
    if (!existsSync(path)) continue
    const value = readFileSync(path)
    // sharedSecret makes the table (and a row when none) as a start does; the file's value then wins.
    await sharedSecret(pool, name, value.length)
    await pool.query(`UPDATE ${SERVER_SCHEMA}.server_secrets SET value = $2 WHERE name = $1`, [name, value])
    moved.push(name)
  }
  return moved
}

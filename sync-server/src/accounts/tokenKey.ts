import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type pg from 'pg'
import { sharedSecret } from '../secrets/sharedSecret'

/** HS256 wants a key at least as long as its output (32 bytes); shorter ones are guessable. */
const MIN_KEY_BYTES = 32
const GENERATED_KEY_BYTES = 48
const KEY_FILE = 'jwt-secret'

/**
 * The key that signs access and refresh tokens.
 *
 * `configured` (the JWT_SECRET environment variable) wins when set; shorter than 32 bytes throws, so a
 * weak secret stops the server at start rather than signing forgeable tokens. An empty string counts
 * as unset (compose files often pass `JWT_SECRET=${JWT_SECRET}` through empty).
 *
 * Otherwise the key lives in `dataDir/jwt-secret`: generated once (48 random bytes, mode 0600) and read
 * on later starts, so tokens survive restarts. The file is created exclusively, so two processes
 * starting at once agree on one key. A file shorter than 32 bytes (truncated, edited by hand) throws
 * instead of being replaced, since replacing it silently would sign everyone out.
 */
export function loadTokenKey(dataDir: string, configured?: string): Buffer {
  if (configured !== undefined && configured !== '') {
    return configuredKey(configured, `in ${join(dataDir, KEY_FILE)}`)
  }

  const path = join(dataDir, KEY_FILE)
  mkdirSync(dataDir, { recursive: true })
  const generated = randomBytes(GENERATED_KEY_BYTES)
  try {
    writeFileSync(path, generated, { flag: 'wx', mode: 0o600 })
    return generated
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const key = readFileSync(path)
  if (key.length < MIN_KEY_BYTES) {
    throw new Error(
      `The token key file ${path} holds ${key.length} bytes, fewer than ${MIN_KEY_BYTES}; delete it to generate a new key (this signs everyone out)`,
    )
  }
  return key
}

/**
 * The token key of instances that share one PostgreSQL (DATABASE_URL): JWT_SECRET when set (checked
 * as above), otherwise a key generated once into the database (`sharedSecret`), the same for every
 * instance, so a token one of them signed is valid on all.
 */
export async function loadSharedTokenKey(pool: pg.Pool, configured?: string): Promise<Buffer> {
  if (configured !== undefined && configured !== '') {
    return configuredKey(configured, 'in the database (quire.server_secrets)')
  }
  return sharedSecret(pool, KEY_FILE, GENERATED_KEY_BYTES)
}

function configuredKey(configured: string, generatedWhere: string): Buffer {
  const key = Buffer.from(configured, 'utf8')
  if (key.length < MIN_KEY_BYTES) {
    throw new Error(
      `JWT_SECRET is too short (${key.length} bytes); use at least ${MIN_KEY_BYTES} random characters, or unset it to let the server generate a key ${generatedWhere}`,
    )
  }
  return key
}

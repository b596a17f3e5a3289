import { hkdfSync, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type pg from 'pg'
import { sharedSecret } from './sharedSecret'

/** Shorter secrets are guessable; 32 characters is what JWT_SECRET asks too. */
export const MIN_SECRET_KEY_BYTES = 32
const KEY_FILE = 'secret-key'

/**
 * The 32-byte AES key that seals people's API keys at rest (see aesGcmSecretBox).
 *
 * `configured` (QUIRE_SECRET_KEY) wins when set: at least 32 bytes, else this throws, so a weak
 * secret stops the server at start. Otherwise the secret lives in `dataDir/secret-key`: generated
 * once (32 random bytes, mode 0600, created exclusively so two processes starting at once agree) and
 * read on later starts. A file shorter than 32 bytes throws instead of being replaced: a new key would
 * leave every stored key unreadable. Either secret is stretched to the AES key with HKDF-SHA256, so a
 * long passphrase works as well as random bytes.
 *
 * Losing or changing the secret does not lose data, only the keys: they read as unset and people
 * enter them again.
 */
export function loadSecretKey(dataDir: string, configured?: string): Buffer {
  if (configured !== undefined && configured !== '') {
    const secret = Buffer.from(configured, 'utf8')
    if (secret.length < MIN_SECRET_KEY_BYTES) throw new Error(secretKeyTooShort(secret.length))
    return stretch(secret)
  }
  const path = join(dataDir, KEY_FILE)
  mkdirSync(dataDir, { recursive: true })
  const generated = randomBytes(MIN_SECRET_KEY_BYTES)
  try {
    writeFileSync(path, generated, { flag: 'wx', mode: 0o600 })
    return stretch(generated)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const secret = readFileSync(path)
  if (secret.length < MIN_SECRET_KEY_BYTES) {
    throw new Error(
      `The secret key file ${path} holds ${secret.length} bytes, fewer than ${MIN_SECRET_KEY_BYTES}; restore it, or delete it to generate a new one (stored API keys then read as unset)`,
    )
  }
  return stretch(secret)
}

/**
 * The sealing key of instances that share one PostgreSQL (DATABASE_URL): QUIRE_SECRET_KEY when set,
 * otherwise a secret generated once into the database (`sharedSecret`), the same for every instance,
 * so a key one instance sealed opens on all. Stretched as above.
 */
export async function loadSharedSecretKey(pool: pg.Pool, configured?: string): Promise<Buffer> {
  if (configured !== undefined && configured !== '') {
    const secret = Buffer.from(configured, 'utf8')
    if (secret.length < MIN_SECRET_KEY_BYTES) throw new Error(secretKeyTooShort(secret.length))
    return stretch(secret)
  }
  return stretch(await sharedSecret(pool, KEY_FILE, MIN_SECRET_KEY_BYTES))
}

/** The error for a QUIRE_SECRET_KEY that is too short (config.ts says the same at start). */
export function secretKeyTooShort(bytes: number): string {
  return `QUIRE_SECRET_KEY is too short (${bytes} bytes); use at least ${MIN_SECRET_KEY_BYTES} random characters, or unset it to let the server generate one in DATA_DIR/${KEY_FILE}`
}

function stretch(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'quire api-key sealing v1', 32))
}

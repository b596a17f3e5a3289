import type pg from 'pg'
import { pgSetupLock } from '../sql/pgSetupLock'

/** A schema name written into SQL unquoted: the server's `quire` and each person's `u_<id>`. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/** Bytes a row of `file_parts` or `blob_upload_parts` holds at most: 1 MiB. */
export const FILE_PART_BYTES = 1024 * 1024

export function checkedSchema(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Not a schema name: ${JSON.stringify(schema)}`)
  return schema
}

/**
 * The tables of a person's files and unfinished blob uploads in their PostgreSQL schema. They belong
 * to these adapters (SQLite keeps files on disk and never has them), so the adapters create them,
 * as pg-boss creates its own schema, rather than the person's versioned migrations every store runs.
 *
 * - `files` is the head of a stored file, written after all its parts: a file is there only once
 *   complete (a crash mid-put leaves parts without a head, which the next put of the same content
 *   overwrites with the same bytes: parts are a function of the key).
 * - `blob_uploads` is an upload's declared size, `blob_upload_parts` its parts keyed by their offset:
 *   two appends at the same offset cannot both land, whichever instance they reach.
 *
 * Created under the schema's setup lock (pgSetupLock), the one its migrations take too: instances
 * opening the same person at once would otherwise race inside CREATE SCHEMA / CREATE TABLE IF NOT
 * EXISTS (a unique violation in pg_namespace or pg_type).
 */
export async function ensureFileTables(pool: pg.Pool, schema: string): Promise<void> {
  const s = checkedSchema(schema)
  await pgSetupLock(pool, s, (client) =>
    client.query(`
      CREATE SCHEMA IF NOT EXISTS ${s};
      CREATE TABLE IF NOT EXISTS ${s}.files (
        key TEXT COLLATE "C" PRIMARY KEY,
        size BIGINT NOT NULL,
        parts INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ${s}.file_parts (
        key TEXT COLLATE "C" NOT NULL,
        part INTEGER NOT NULL,
        bytes BYTEA NOT NULL,
        PRIMARY KEY (key, part)
      );
      CREATE TABLE IF NOT EXISTS ${s}.blob_uploads (
        key TEXT COLLATE "C" PRIMARY KEY,
        size BIGINT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ${s}.blob_upload_parts (
        key TEXT COLLATE "C" NOT NULL,
        first BIGINT NOT NULL,
        bytes BYTEA NOT NULL,
        PRIMARY KEY (key, first)
      );
    `),
  )
}

/** A view of the bytes as a Buffer (no copy), which pg sends as bytea. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/** Concatenates bytea rows into one array of `size` bytes. */
export function joinParts(rows: readonly { bytes: Buffer }[], size: number): Uint8Array {
  const whole = new Uint8Array(size)
  let at = 0
  for (const { bytes } of rows) {
    whole.set(bytes, at)
    at += bytes.length
  }
  if (at !== size) throw new Error(`Stored parts hold ${at} bytes, not ${size}`)
  return whole
}

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type pg from 'pg'
import { FILE_KEY } from '../../../web/core/store/FileStore'
import { PgFileStore } from '../files/PgFileStore'
import { BlobHashMismatch } from '../syncApi/BlobParts'
import { PgBlobParts } from '../syncApi/PgBlobParts'

export interface MovedUploads {
  /** Unfinished uploads now in the person's schema, and the bytes they held. */
  uploads: number
  bytes: number
  /** Uploads that held every byte (the server stopped before storing them): stored as files now. */
  stored: number
  /** Partials no server would resume (no declared total, more bytes than it, or all bytes but the wrong hash): left behind. */
  skipped: string[]
}

/**
 * Moves a person's unfinished sync blob uploads (`dir/blob-parts/<key>.part` and `<key>.json`,
 * BlobParts' layout) into their schema (PgBlobParts), so a client resumes an upload begun before the
 * move from the same `received` on the PostgreSQL server. Each goes through PgBlobParts' own append,
 * its rules included: an upload already holding every byte is hashed and stored in the person's
 * file store (what the status route would have done), one whose bytes do not hash to its key is
 * dropped as the server would. Each is read back (`status`) and compared. A key already in the
 * target (a move run again after a failure) is replaced, so a rerun writes the same rows.
 */
export async function moveBlobUploads(pool: pg.Pool, schema: string, dir: string): Promise<MovedUploads> {
  const root = join(dir, 'blob-parts')
  const moved: MovedUploads = { uploads: 0, bytes: 0, stored: 0, skipped: [] }
  if (!existsSync(root)) return moved
  const parts = await PgBlobParts.open(pool, schema)
  const files = await PgFileStore.open(pool, schema)
  for (const name of readdirSync(root).sort()) {
    const key = name.slice(0, -'.part'.length)
    if (!name.endsWith('.part') || !FILE_KEY.test(key)) continue
    const bytes = readFileSync(join(root, name))
    const size = declaredSize(join(root, `${key}.json`))
    // BlobParts writes the total before the first byte, and never appends past it.
    if (size === undefined || bytes.length > size) {
      moved.skipped.push(key)
      continue
    }
    await parts.discard(key)
    let result: { complete: boolean }
    try {
      result = await parts.append(key, 0, size, bytes, (whole) => files.put(whole))
    } catch (error) {
      // Every byte was there but they hash to another key: the server would have discarded it too.
      if (error instanceof BlobHashMismatch) {
        moved.skipped.push(key)
        continue
      }
      throw new Error(`the unfinished upload ${key} did not move: ${String(error)}`, { cause: error })
    }
    if (result.complete) {
      moved.stored += 1
      continue
    }
    const held = await parts.status(key)
    if (held.received !== bytes.length || held.size !== size)
      throw new Error(`the unfinished upload ${key} did not read back the same from PostgreSQL`)
    moved.uploads += 1
    moved.bytes += bytes.length
  }
  return moved
}

function declaredSize(sidecar: string): number | undefined {
  try {
    const { size } = JSON.parse(readFileSync(sidecar, 'utf8')) as { size?: unknown }
    return typeof size === 'number' && Number.isInteger(size) && size > 0 ? size : undefined
  } catch {
    return undefined
  }
}

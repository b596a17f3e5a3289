import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type pg from 'pg'
import { FILE_KEY } from '../../../web/core/store/FileStore'
import { PgFileStore } from '../files/PgFileStore'

/**
 * Copies a person's files (`dir/files/<2 hex>/<sha256>`, DiskFileStore's layout) into their schema's
 * file store, where the PostgreSQL mode keeps them (PgFileStore), each read back and compared. A
 * file whose bytes do not hash to its name is damaged: the move stops rather than store it under
 * another key. Leftovers of an interrupted write (`*.tmp`) are not files. Storing is idempotent
 * (content-addressed), so a move run again after a failure writes the same rows.
 */
export async function moveFiles(
  pool: pg.Pool,
  schema: string,
  dir: string,
): Promise<{ files: number; bytes: number }> {
  const root = join(dir, 'files')
  let files = 0
  let bytes = 0
  if (!existsSync(root)) return { files, bytes }
  const store = await PgFileStore.open(pool, schema)
  for (const prefix of readdirSync(root).sort()) {
    for (const name of readdirSync(join(root, prefix)).sort()) {
      if (!FILE_KEY.test(name)) continue
      const path = join(root, prefix, name)
      const content = readFileSync(path)
      const key = await store.put(content)
      if (key !== name) throw new Error(`${path} is damaged: its bytes hash to ${key}, not its name`)
      const stored = await store.get(key)
      if (!stored || !content.equals(stored))
        throw new Error(`${path} did not read back the same from PostgreSQL`)
      files += 1
      bytes += content.length
    }
  }
  return { files, bytes }
}

import type pg from 'pg'
import { FILE_KEY, type FileStore } from '../../../web/core/store/FileStore'
import { readFileInParts } from './readFileInParts'
import { sha256InSlices } from './sha256InSlices'
import { sha256OfFile } from './sha256OfFile'
import { asBuffer, checkedSchema, ensureFileTables, FILE_PART_BYTES, joinParts } from './pgFileTables'

/**
 * A person's files in their PostgreSQL schema, in parts of 1 MiB (see pgFileTables): every instance
 * of a deployment reads what any of them stored, and the database is the one thing to back up.
 *
 * Each part is its own statement, so a 100 MB upload never holds one transaction (or one 100 MB
 * parameter) and the event loop runs between parts; the head row, written last, makes the file
 * visible whole. Two instances putting the same content at once write the same parts (ON CONFLICT DO
 * NOTHING) and the same head.
 */
export class PgFileStore implements FileStore {
  private readonly files: string
  private readonly parts: string

  private constructor(
    private readonly pool: pg.Pool,
    schema: string,
  ) {
    this.files = `${checkedSchema(schema)}.files`
    this.parts = `${schema}.file_parts`
  }

  /** Creates the schema's file tables when missing. */
  static async open(pool: pg.Pool, schema: string): Promise<PgFileStore> {
    await ensureFileTables(pool, schema)
    return new PgFileStore(pool, schema)
  }

  async put(bytes: Uint8Array): Promise<string> {
    const key = await sha256InSlices(bytes)
    if (await this.head(key)) return key
    const count = Math.max(1, Math.ceil(bytes.length / FILE_PART_BYTES))
    for (let part = 0; part < count; part++) {
      await this.putPart(key, part, bytes.subarray(part * FILE_PART_BYTES, (part + 1) * FILE_PART_BYTES))
    }
    await this.putHead(key, bytes.length, count)
    return key
  }

  /**
   * Hashed as it is read, then read again a part at a time into the same parts `put` writes (parts
   * are a function of the key): the file is never held whole, one part of it at a time.
   */
  async putFile(path: string): Promise<string> {
    const key = await sha256OfFile(path)
    if (await this.head(key)) return key
    let count = 0
    const size = await readFileInParts(path, FILE_PART_BYTES, async (part, index) => {
      await this.putPart(key, index, part)
      count = index + 1
    })
    await this.putHead(key, size, count)
    return key
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    if (!FILE_KEY.test(key)) return undefined
    const head = await this.head(key)
    if (!head) return undefined
    const { rows } = await this.pool.query<{ bytes: Buffer }>(
      `SELECT bytes FROM ${this.parts} WHERE key = $1 AND part < $2 ORDER BY part`,
      [key, head.parts],
    )
    return joinParts(rows, head.size)
  }

  async delete(key: string): Promise<boolean> {
    if (!FILE_KEY.test(key)) return false
    // The head first: the file is gone at once, whatever happens to its parts after.
    const { rowCount } = await this.pool.query(`DELETE FROM ${this.files} WHERE key = $1`, [key])
    await this.pool.query(`DELETE FROM ${this.parts} WHERE key = $1`, [key])
    return (rowCount ?? 0) > 0
  }

  private async putPart(key: string, part: number, bytes: Uint8Array): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${this.parts} (key, part, bytes) VALUES ($1, $2, $3) ON CONFLICT (key, part) DO NOTHING`,
      [key, part, asBuffer(bytes)],
    )
  }

  /** The head, written last: the file is visible once all its parts are there. */
  private async putHead(key: string, size: number, parts: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${this.files} (key, size, parts) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING`,
      [key, size, parts],
    )
  }

  private async head(key: string): Promise<{ size: number; parts: number } | undefined> {
    const { rows } = await this.pool.query<{ size: string | number; parts: number }>(
      `SELECT size, parts FROM ${this.files} WHERE key = $1`,
      [key],
    )
    const row = rows[0]
    return row && { size: Number(row.size), parts: row.parts }
  }
}

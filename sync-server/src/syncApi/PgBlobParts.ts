import type pg from 'pg'
import { asBuffer, checkedSchema, ensureFileTables, FILE_PART_BYTES, joinParts } from '../files/pgFileTables'
import { BlobPartConflict, checkContinues, checked, storeWhole } from './BlobParts'
import type { BlobUploads, PartialBlob, StoreBlob } from './BlobUploads'

/** PostgreSQL's unique_violation: another append took this offset first. */
const UNIQUE_VIOLATION = '23505'

/**
 * A person's unfinished blob uploads in their PostgreSQL schema (`blob_uploads`, `blob_upload_parts`:
 * see pgFileTables), so a part sent to one instance and the next one to another continue the same
 * upload. The rules are BlobParts': a part must start where the upload stands and declare the same
 * total; the whole is hashed before it is stored.
 *
 * How it fails: a part is inserted in one transaction (in rows of at most 1 MiB keyed by offset), so
 * it lands whole or not at all; two appends at the same offset, on any instances, cannot both land
 * (the second gets 409 with what the server now holds). Two instances finishing the same complete
 * upload at once both store the same content, which the file store takes once.
 */
export class PgBlobParts implements BlobUploads {
  private readonly uploads: string
  private readonly parts: string

  private constructor(
    private readonly pool: pg.Pool,
    schema: string,
  ) {
    this.uploads = `${checkedSchema(schema)}.blob_uploads`
    this.parts = `${schema}.blob_upload_parts`
  }

  static async open(pool: pg.Pool, schema: string): Promise<PgBlobParts> {
    await ensureFileTables(pool, schema)
    return new PgBlobParts(pool, schema)
  }

  async status(key: string): Promise<PartialBlob> {
    checked(key)
    const { rows } = await this.pool.query<{ size: string | null; received: string }>(
      `SELECT (SELECT size FROM ${this.uploads} WHERE key = $1) AS size,
              (SELECT COALESCE(SUM(length(bytes)), 0) FROM ${this.parts} WHERE key = $1) AS received`,
      [key],
    )
    const row = rows[0]
    return { received: Number(row?.received ?? 0), size: row?.size == null ? null : Number(row.size) }
  }

  async append(
    key: string,
    first: number,
    total: number,
    bytes: Uint8Array,
    store: StoreBlob,
  ): Promise<PartialBlob & { complete: boolean }> {
    const held = await this.status(key)
    checkContinues(held, first, total)
    if (held.size === null) {
      await this.pool.query(
        `INSERT INTO ${this.uploads} (key, size) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`,
        [key, total],
      )
      // Another instance may have begun the same upload meanwhile, with another total.
      checkContinues(await this.status(key), first, total)
    }
    const client = await this.pool.connect()
    try {
      await client.query('BEGIN')
      for (let at = 0; at < bytes.length; at += FILE_PART_BYTES) {
        await client.query(`INSERT INTO ${this.parts} (key, first, bytes) VALUES ($1, $2, $3)`, [
          key,
          first + at,
          asBuffer(bytes.subarray(at, at + FILE_PART_BYTES)),
        ])
      }
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        const { received } = await this.status(key)
        throw new BlobPartConflict(
          'Another part of this blob was written first; ask for the status and resume',
          received,
        )
      }
      throw error
    } finally {
      client.release()
    }
    const received = first + bytes.length
    if (received < total) return { received, size: total, complete: false }
    await this.finish(key, total, store)
    return { received: total, size: total, complete: true }
  }

  async settle(key: string, store: StoreBlob): Promise<boolean> {
    const held = await this.status(key)
    if (held.size === null || held.received < held.size) return false
    if (held.received > held.size) {
      await this.discard(key)
      return false
    }
    await this.finish(key, held.size, store)
    return true
  }

  async discard(key: string): Promise<void> {
    checked(key)
    await this.pool.query(`DELETE FROM ${this.uploads} WHERE key = $1`, [key])
    await this.pool.query(`DELETE FROM ${this.parts} WHERE key = $1`, [key])
  }

  private async finish(key: string, size: number, store: StoreBlob): Promise<void> {
    const { rows } = await this.pool.query<{ bytes: Buffer }>(
      `SELECT bytes FROM ${this.parts} WHERE key = $1 ORDER BY first`,
      [key],
    )
    await storeWhole(key, joinParts(rows, size), store, () => this.discard(key))
  }
}

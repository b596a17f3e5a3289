import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256Hex } from '../../../web/core/store/FileStore'
import { fileStoreConformance } from '../../../web/core/testing/conformance/store/fileStoreConformance'
import { createTestDatabase, type TestDatabase } from '../../test/postgres/createTestDatabase'
import { openSqlStore } from '../sql/openSqlStore'
import { PgDriver } from '../sql/PgDriver'
import { PgFileStore } from './PgFileStore'

let database: TestDatabase
let pool: pg.Pool
let other: pg.Pool

beforeAll(async () => {
  database = await createTestDatabase()
  pool = new pg.Pool({ connectionString: database.url, max: 4 })
  other = new pg.Pool({ connectionString: database.url, max: 4 })
})
afterAll(async () => {
  await pool.end()
  await other.end()
  await database.drop()
})

let schemas = 0

describe('PgFileStore conformance', () => {
  for (const testCase of fileStoreConformance) {
    it(testCase.name, async () => {
      const schema = `u_files_${schemas++}`
      await testCase.run({
        files: await PgFileStore.open(pool, schema),
        // Another instance: a pool of its own over the same database.
        reopen: () => PgFileStore.open(other, schema),
      })
    })
  }
})

describe('PgFileStore', () => {
  it('stores a file of several 1 MiB parts that another instance reads whole, and keeps people apart', async () => {
    const [a, b, stranger] = await Promise.all([
      PgFileStore.open(pool, 'u_parts'),
      PgFileStore.open(other, 'u_parts'),
      PgFileStore.open(other, 'u_stranger'),
    ])
    const bytes = new Uint8Array(2.5 * 1024 * 1024).map((_, i) => (i * 7 + (i >> 12)) % 256)
    const key = await a.put(bytes)
    expect(key).toBe(await sha256Hex(bytes))
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM u_parts.file_parts WHERE key = $1',
      [key],
    )
    expect(rows[0]?.n).toBe(3)
    expect(Buffer.from((await b.get(key))!).equals(Buffer.from(bytes))).toBe(true)
    expect(await stranger.get(key)).toBeUndefined()
    expect(await b.put(new Uint8Array(0))).toBe(await sha256Hex(new Uint8Array(0)))
    expect(await a.get(await sha256Hex(new Uint8Array(0)))).toEqual(new Uint8Array(0))
  })

  it('stores a file on disk (putFile) in the parts put writes for its bytes, once', async () => {
    const [a, b] = await Promise.all([
      PgFileStore.open(pool, 'u_put_file'),
      PgFileStore.open(other, 'u_put_file'),
    ])
    const dir = mkdtempSync(join(tmpdir(), 'quire-pg-put-file-'))
    try {
      const bytes = new Uint8Array(2.5 * 1024 * 1024).map((_, i) => (i * 13 + (i >> 10)) % 256)
      const source = join(dir, 'upload.bin')
      writeFileSync(source, bytes)
      const key = await a.putFile(source)
      expect(key).toBe(await sha256Hex(bytes))
      const parts = await pool.query<{ part: number; length: number }>(
        'SELECT part, length(bytes) AS length FROM u_put_file.file_parts WHERE key = $1 ORDER BY part',
        [key],
      )
      expect(parts.rows).toEqual([
        { part: 0, length: 1024 * 1024 },
        { part: 1, length: 1024 * 1024 },
        { part: 2, length: 512 * 1024 },
      ])
      expect(Buffer.from((await b.get(key))!).equals(Buffer.from(bytes))).toBe(true)
      // The same bytes again, put or from disk: the same head, no more parts.
      expect(await b.put(bytes)).toBe(key)
      expect(await b.putFile(source)).toBe(key)
      const count = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM u_put_file.file_parts')
      expect(count.rows[0]?.n).toBe(3)
      const empty = join(dir, 'empty')
      writeFileSync(empty, new Uint8Array(0))
      const emptyKey = await a.putFile(empty)
      expect(emptyKey).toBe(await sha256Hex(new Uint8Array(0)))
      expect(await b.get(emptyKey)).toEqual(new Uint8Array(0))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('shows no file whose put stopped before its head row (parts alone), and a later put completes it', async () => {
    const files = await PgFileStore.open(pool, 'u_crash')
    const bytes = new TextEncoder().encode('half written')
    const key = await sha256Hex(bytes)
    await pool.query('INSERT INTO u_crash.file_parts (key, part, bytes) VALUES ($1, 0, $2)', [
      key,
      Buffer.from(bytes),
    ])
    expect(await files.get(key)).toBeUndefined()
    expect(await files.put(bytes)).toBe(key)
    expect(new TextDecoder().decode(await files.get(key))).toBe('half written')
  })

  it('opens the same schema from many instances at once (no race inside CREATE TABLE)', async () => {
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => PgFileStore.open(i % 2 ? pool : other, 'u_together')),
    )
  })

  it('opens a new person’s files while their database is being migrated, from other instances (one lock per schema)', async () => {
    // A person's first requests reach several instances at once: one migrates their schema
    // (openSqlStore), others open their files. Both create the schema; with a lock each, one of
    // them failed on pg_namespace's unique index now and then.
    for (let round = 0; round < 8; round++) {
      const schema = `u_first_${round}`
      await Promise.all([
        openSqlStore(new PgDriver(pool, schema)).then((store) => store.close()),
        PgFileStore.open(other, schema),
        PgFileStore.open(pool, schema),
        openSqlStore(new PgDriver(other, schema)).then((store) => store.close()),
      ])
    }
  })
})

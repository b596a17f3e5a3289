import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256Hex } from '../../../web/core/store/FileStore'
import { createTestDatabase, type TestDatabase } from '../../test/postgres/createTestDatabase'
import { BlobHashMismatch, BlobPartConflict } from './BlobParts'
import { PgBlobParts } from './PgBlobParts'

let database: TestDatabase
let poolA: pg.Pool
let poolB: pg.Pool

beforeAll(async () => {
  database = await createTestDatabase()
  poolA = new pg.Pool({ connectionString: database.url, max: 4 })
  poolB = new pg.Pool({ connectionString: database.url, max: 4 })
})
afterAll(async () => {
  await poolA.end()
  await poolB.end()
  await database.drop()
})

describe('PgBlobParts', () => {
  it('continues on instance B an upload begun on instance A, then stores the verified whole', async () => {
    const a = await PgBlobParts.open(poolA, 'u_blob')
    const b = await PgBlobParts.open(poolB, 'u_blob')
    // Over 1 MiB, so a part spans several rows.
    const bytes = new Uint8Array(1_500_000).map((_, i) => (i * 13) % 251)
    const key = await sha256Hex(bytes)
    const stored: Uint8Array[] = []
    const store = async (whole: Uint8Array) => stored.push(whole)
    expect(await a.append(key, 0, bytes.length, bytes.subarray(0, 1_200_000), store)).toEqual({
      received: 1_200_000,
      size: bytes.length,
      complete: false,
    })
    expect(await b.status(key)).toEqual({ received: 1_200_000, size: bytes.length })
    await expect(b.append(key, 0, bytes.length, bytes.subarray(0, 10), store)).rejects.toMatchObject({
      received: 1_200_000,
    })
    await expect(b.append(key, 1_200_000, 99, bytes.subarray(1_200_000), store)).rejects.toBeInstanceOf(
      BlobPartConflict,
    )
    expect(await b.append(key, 1_200_000, bytes.length, bytes.subarray(1_200_000), store)).toEqual({
      received: bytes.length,
      size: bytes.length,
      complete: true,
    })
    expect(stored).toHaveLength(1)
    expect(Buffer.from(stored[0]!).equals(Buffer.from(bytes))).toBe(true)
    expect(await a.status(key)).toEqual({ received: 0, size: null })
  })

  it('lets only one of two appends at the same offset land, whichever instances they reach', async () => {
    const a = await PgBlobParts.open(poolA, 'u_race')
    const b = await PgBlobParts.open(poolB, 'u_race')
    const bytes = new TextEncoder().encode('one of two wins')
    const key = await sha256Hex(bytes)
    const store = async () => undefined
    const results = await Promise.allSettled([
      a.append(key, 0, bytes.length, bytes.subarray(0, 4), store),
      b.append(key, 0, bytes.length, bytes.subarray(0, 4), store),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((result) => result.status === 'rejected')
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(BlobPartConflict)
    expect(await a.status(key)).toEqual({ received: 4, size: bytes.length })
  })

  it('settles a partial holding every byte, and discards one whose bytes do not hash to the key', async () => {
    const a = await PgBlobParts.open(poolA, 'u_settle')
    const bytes = new TextEncoder().encode('all here')
    const key = await sha256Hex(bytes)
    await poolA.query('INSERT INTO u_settle.blob_uploads (key, size) VALUES ($1, $2)', [key, bytes.length])
    await poolA.query('INSERT INTO u_settle.blob_upload_parts (key, first, bytes) VALUES ($1, 0, $2)', [
      key,
      Buffer.from(bytes),
    ])
    const stored: Uint8Array[] = []
    expect(await a.settle(key, async (whole) => stored.push(whole))).toBe(true)
    expect(stored.map((whole) => new TextDecoder().decode(whole))).toEqual(['all here'])

    const wrong = await sha256Hex(new TextEncoder().encode('something else'))
    await expect(a.append(wrong, 0, bytes.length, bytes, async () => undefined)).rejects.toBeInstanceOf(
      BlobHashMismatch,
    )
    expect(await a.status(wrong)).toEqual({ received: 0, size: null })
    await expect(a.status('../escape')).rejects.toThrow(/Not a blob key/)
  })
})

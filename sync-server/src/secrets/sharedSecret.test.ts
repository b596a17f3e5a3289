import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/postgres/createTestDatabase'
import { loadSharedTokenKey } from '../accounts/tokenKey'
import { loadSharedSecretKey } from './loadSecretKey'
import { sharedSecret } from './sharedSecret'

describe('secrets shared by the instances on one PostgreSQL', () => {
  let database: TestDatabase
  const pools: pg.Pool[] = []
  const newPool = () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 })
    pools.push(pool)
    return pool
  }
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    for (const pool of pools) await pool.end()
    await database.drop()
  })

  it('generates each secret once: instances starting at once all read the one stored', async () => {
    const instances = [newPool(), newPool(), newPool()]
    const tokenKeys = await Promise.all(instances.map((pool) => loadSharedTokenKey(pool)))
    const sealingKeys = await Promise.all(instances.map((pool) => loadSharedSecretKey(pool, '')))
    expect(tokenKeys[0]!.length).toBe(48)
    for (const key of tokenKeys) expect(key.equals(tokenKeys[0]!)).toBe(true)
    expect(sealingKeys[0]!.length).toBe(32)
    for (const key of sealingKeys) expect(key.equals(sealingKeys[0]!)).toBe(true)
    // A later start reads the same; the two secrets are not one.
    expect((await loadSharedTokenKey(newPool())).equals(tokenKeys[0]!)).toBe(true)
    expect(tokenKeys[0]!.subarray(0, 32).equals(sealingKeys[0]!)).toBe(false)
    const { rows } = await instances[0]!.query<{ name: string }>(
      'SELECT name FROM quire.server_secrets ORDER BY name',
    )
    expect(rows.map((row) => row.name)).toEqual(['jwt-secret', 'secret-key'])
  })

  it('takes the configured values instead, and refuses short ones', async () => {
    const pool = newPool()
    const jwt = 'a configured token secret of 40 bytes...'
    expect((await loadSharedTokenKey(pool, jwt)).equals(Buffer.from(jwt))).toBe(true)
    await expect(loadSharedTokenKey(pool, 'short')).rejects.toThrow(/JWT_SECRET is too short \(5 bytes\)/)
    const sealing = await loadSharedSecretKey(pool, 'a configured sealing secret, 40 bytes...')
    expect(sealing.equals(await loadSharedSecretKey(pool))).toBe(false)
    await expect(loadSharedSecretKey(pool, 'short')).rejects.toThrow(/QUIRE_SECRET_KEY is too short/)
  })

  it('refuses a stored secret cut short rather than replacing it', async () => {
    const pool = newPool()
    await sharedSecret(pool, 'cut', 32)
    await pool.query(`UPDATE quire.server_secrets SET value = '\\x0102' WHERE name = 'cut'`)
    await expect(sharedSecret(pool, 'cut', 32)).rejects.toThrow(/holds 2 bytes, fewer than 32/)
  })
})

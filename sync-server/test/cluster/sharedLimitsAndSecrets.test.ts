import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../postgres/createTestDatabase'
import { signUpForTest, type TestUser } from '../signUpForTest'
import { startInstance, type Instance } from './startInstance'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

const LOGIN_LIMIT = 4

/**
 * Three instances on one PostgreSQL, as an operator who set neither JWT_SECRET nor QUIRE_SECRET_KEY
 * runs them on three machines (each its own DATA_DIR): the keys come from the database, so a token
 * one instance signed is good on the others; and the per-IP login limit counts attempts on all three.
 */
describe('three instances share their rate limits and secrets through PostgreSQL', () => {
  let database: TestDatabase
  let instances: Instance[] = []
  let user: TestUser

  beforeAll(async () => {
    database = await createTestDatabase()
    instances = await Promise.all(
      [0, 1, 2].map(() =>
        startInstance({
          databaseUrl: database.url,
          env: { JWT_SECRET: '', QUIRE_SECRET_KEY: '', RATE_LIMIT_LOGIN: String(LOGIN_LIMIT) },
        }),
      ),
    )
    // Its sign-in is the first login attempt of this IP's window.
    user = await signUpForTest(instances[0]!.url, 'shared')
  }, scaledTimeout(90_000))
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()))
    await database?.drop()
  })

  it('accepts on every instance an access token another signed, with keys generated once in the database', async () => {
    for (const instance of instances) {
      const me = await fetch(`${instance.url}/api/v1/auth/me`, {
        headers: { authorization: `Bearer ${user.access_token}` },
      })
      expect(me.status).toBe(200)
      expect(((await me.json()) as { id: string }).id).toBe(user.id)
    }
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ name: string }>(
        'SELECT name FROM quire.server_secrets ORDER BY name',
      )
      expect(rows.map((row) => row.name)).toEqual(['jwt-secret', 'secret-key'])
    } finally {
      await client.end()
    }
  })

  it('holds the per-IP login limit across instances, with 429 and Retry-After', async () => {
    const statuses: number[] = []
    let retryAfter = ''
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${instances[i % 3]!.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: `guess ${i}` }),
      })
      statuses.push(response.status)
      if (response.status === 429) retryAfter = response.headers.get('retry-after') ?? ''
      await response.arrayBuffer()
    }
    // One attempt was the sign-up's: three more wrong guesses, then every instance refuses.
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429])
    expect(Number(retryAfter)).toBeGreaterThan(0)
    expect(Number(retryAfter)).toBeLessThanOrEqual(60)
  })
})

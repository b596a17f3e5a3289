import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../../web/core/kernel/ApiError'
import { createTestDatabase, type TestDatabase } from '../../test/postgres/createTestDatabase'
import { postgresRateLimiters } from './postgresRateLimiters'
import type { RateLimiter } from './RateLimiter'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

/** Hits until the first 429, up to `most`: how many were let through. */
async function admitted(hits: Array<() => Promise<void>>, most: number): Promise<number> {
  let through = 0
  for (let i = 0; i < most; i++) {
    try {
      await hits[i % hits.length]!()
      through += 1
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) return through
      throw error
    }
  }
  return through
}

describe('the per-user limit on PostgreSQL, counted a batch at a time', () => {
  let database: TestDatabase
  const pools: pg.Pool[] = []
  let queries = 0
  /** One instance's limiters over a pool of its own, its queries counted. */
  const instance = async (flushMs = 60_000) => {
    const pool = new pg.Pool({ connectionString: database.url, max: 3 })
    pool.on('error', () => {})
    pools.push(pool)
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
    pool.query = ((...args: unknown[]) => {
      queries += 1
      return query(...args)
    }) as typeof pool.query
    return postgresRateLimiters(pool, { flushMs })
  }
  const points = async (key: string) => {
    const { rows } = await pools[0]!.query<{ points: number }>(
      'SELECT points FROM quire.rate_limits WHERE key = $1',
      [`user:${key}`],
    )
    return rows[0]?.points ?? 0
  }

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    for (const pool of pools) await pool.end()
    await database.drop()
  })

  it('lets exactly the limit through on one instance, with a query per batch, not per request', async () => {
    const limiter = (await instance())('user', { limit: 400, windowSeconds: 60 })
    queries = 0
    expect(await admitted([() => limiter.hit('alone')], 600)).toBe(400)
    // Batches of 10 (2.5%) up to the last 10 hits, each of those counted before it is answered:
    // about 50 queries where one a hit made 401.
    expect(queries).toBeLessThan(80)
    // Past the limit the key is refused from memory (inMemoryBlockOnConsumed): nothing more is counted.
    expect(await points('alone')).toBe(400)
  })

  it('holds the limit across two instances within two batches each', async () => {
    const [a, b] = await Promise.all([instance(), instance()])
    const rule = { limit: 400, windowSeconds: 60 }
    const onA: RateLimiter = a('user', rule)
    const onB: RateLimiter = b('user', rule)
    // Many hits at once on both, as a busy person's requests arrive.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 600 }, (_, i) => (i % 2 ? onA : onB).hit('shared')),
    )
    const through = outcomes.filter((outcome) => outcome.status === 'fulfilled').length
    expect(through).toBeGreaterThanOrEqual(400)
    expect(through).toBeLessThanOrEqual(400 + 2 * 2 * 10)
    expect(await admitted([() => onA.hit('shared'), () => onB.hit('shared')], 10)).toBe(0)
  })

  it('adds the hits of a quiet key after flushMs, so other instances see them', async () => {
    const limiter = (await instance(100))('user', { limit: 200, windowSeconds: 60 })
    for (let i = 0; i < 3; i++) await limiter.hit('quiet')
    expect(await points('quiet')).toBe(0)
    await expect.poll(() => points('quiet'), { timeout: scaledTimeout(2000), interval: 50 }).toBe(3)
  })
})

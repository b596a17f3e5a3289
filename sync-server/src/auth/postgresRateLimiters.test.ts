import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../../web/core/kernel/ApiError'
import { createTestDatabase, type TestDatabase } from '../../test/postgres/createTestDatabase'
import { SERVER_SCHEMA } from '../sql/openDatabases'
import { postgresRateLimiters } from './postgresRateLimiters'
import type { RateLimiterFactory } from './RateLimiter'

/** What a hit gave: `ok`, or the 429's Retry-After seconds. */
async function outcome(hit: Promise<void>): Promise<'ok' | number> {
  try {
    await hit
    return 'ok'
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return Number(error.headers?.['Retry-After'])
    throw error
  }
}

describe('rate limits shared through PostgreSQL', () => {
  let database: TestDatabase
  const pools: pg.Pool[] = []
  // Two pools stand for two instances: each its own process's pool and limiters, one database.
  let a: RateLimiterFactory
  let b: RateLimiterFactory
  const newPool = () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 3 })
    pool.on('error', () => {})
    pools.push(pool)
    return pool
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    // Both at once, as instances starting together: the schema and table are made once, no error.
    ;[a, b] = await Promise.all([postgresRateLimiters(newPool()), postgresRateLimiters(newPool())])
  })
  afterAll(async () => {
    for (const pool of pools) await pool.end()
    await database.drop()
  })

  it('counts hits on every instance against one limit, with 429 and Retry-After past it', async () => {
    const rule = { limit: 3, windowSeconds: 60 }
    const onA = a('login', rule)
    const onB = b('login', rule)
    const results = [
      await outcome(onA.hit('10.0.0.1')),
      await outcome(onB.hit('10.0.0.1')),
      await outcome(onA.hit('10.0.0.1')),
      await outcome(onB.hit('10.0.0.1')),
      await outcome(onA.hit('10.0.0.1')),
    ]
    expect(results.slice(0, 3)).toEqual(['ok', 'ok', 'ok'])
    for (const retryAfter of results.slice(3)) {
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(60)
    }
    await expect(onB.hit('10.0.0.1')).rejects.toThrow(/Too many login attempts; try again in \d+ s/)
    // Another IP, and the same IP on another limit, count on their own.
    expect(await outcome(onB.hit('10.0.0.2'))).toBe('ok')
    expect(await outcome(b('register', rule).hit('10.0.0.1'))).toBe('ok')
    const { rows } = await pools[0]!.query<{ key: string; points: number }>(
      `SELECT key, points FROM quire.rate_limits WHERE key = 'login:10.0.0.1'`,
    )
    expect(rows).toEqual([{ key: 'login:10.0.0.1', points: 4 }])
  })

  it('lets everything through when a limit is 0 (off)', async () => {
    const off = a('user', { limit: 0, windowSeconds: 60 })
    for (let i = 0; i < 5; i++) await off.hit('someone')
  })

  it('counts in memory, never failing a request, while PostgreSQL does not answer in time', async () => {
    const pool = newPool()
    const slow = await postgresRateLimiters(pool, { timeoutMs: 200, logError: () => {} })
    const limiter = slow('user', { limit: 2, windowSeconds: 60 })
    // Another session holds the table locked: every count waits on it, past the timeout.
    const blocker = new pg.Client({ connectionString: database.url })
    await blocker.connect()
    try {
      await blocker.query('BEGIN')
      await blocker.query('LOCK TABLE quire.rate_limits IN ACCESS EXCLUSIVE MODE')
      const started = Date.now()
      const results = [
        await outcome(limiter.hit('stalled')),
        await outcome(limiter.hit('stalled')),
        await outcome(limiter.hit('stalled')),
      ]
      expect(results.slice(0, 2)).toEqual(['ok', 'ok'])
      expect(results[2]).toBeGreaterThan(0)
      expect(Date.now() - started).toBeLessThan(3000)
    } finally {
      await blocker.query('ROLLBACK')
      await blocker.end()
    }
  })

  it('counts in memory when PostgreSQL is gone', async () => {
    const other = await createTestDatabase()
    const pool = new pg.Pool({ connectionString: other.url, max: 2 })
    pool.on('error', () => {})
    try {
      const limiters = await postgresRateLimiters(pool, { logError: () => {} })
      const limiter = limiters('login', { limit: 2, windowSeconds: 60 })
      await limiter.hit('10.0.0.9')
      await other.drop() // ends its sessions; new ones find no database
      // The memory count starts at the outage: what PostgreSQL counted before is not known to it.
      const results = [
        await outcome(limiter.hit('10.0.0.9')),
        await outcome(limiter.hit('10.0.0.9')),
        await outcome(limiter.hit('10.0.0.9')),
      ]
      expect(results.slice(0, 2)).toEqual(['ok', 'ok'])
      expect(results[2]).toBeGreaterThan(0)
    } finally {
      await pool.end()
      await other.drop()
    }
  })

  it('starts on many instances at once without one failing on the shared table (repeated, it is a race)', async () => {
    // One database for every round, its schema made anew each time: ten databases created and dropped
    // took past the test's limit on a loaded CI machine.
    const other = await createTestDatabase()
    const setup = new pg.Client({ connectionString: other.url })
    await setup.connect()
    try {
      for (let round = 0; round < 10; round++) {
        // The schema already there (the migrations made it): every instance goes straight for the table.
        await setup.query(`DROP SCHEMA IF EXISTS ${SERVER_SCHEMA} CASCADE`)
        await setup.query(`CREATE SCHEMA ${SERVER_SCHEMA}`)
        const started: pg.Pool[] = []
        try {
          for (let i = 0; i < 8; i++) {
            const pool = new pg.Pool({ connectionString: other.url, max: 2 })
            pool.on('error', () => {})
            started.push(pool)
          }
          // Connected before they start, as instances that ran their migrations: they reach the table together.
          await Promise.all(started.map((pool) => pool.query('SELECT 1')))
          const results = await Promise.allSettled(started.map((pool) => postgresRateLimiters(pool)))
          expect(results.filter((result) => result.status === 'rejected')).toEqual([])
        } finally {
          for (const pool of started) await pool.end()
        }
      }
    } finally {
      await setup.end()
      await other.drop()
    }
  })
})

import type pg from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, RLWrapperTimeouts } from 'rate-limiter-flexible'
import { SERVER_SCHEMA } from '../sql/openDatabases'
import { pgSetupLock } from '../sql/pgSetupLock'
import { batchedLimiter } from './batchedLimiter'
import { limiterOver } from './limiterOver'
import type { RateLimiterFactory, RateLimits } from './RateLimiter'

export interface PostgresRateLimitOptions {
  /** A count that takes longer than this is made in memory instead (default 1 s). */
  timeoutMs?: number
  /** The per-user limit's hits counted here are added to the shared count at least this often (default 1 s). */
  flushMs?: number
  logError?: (error: unknown) => void
}

const SCHEMA = SERVER_SCHEMA
/** The per-user limit's batch (see batchedLimiter): this share of the limit, at most BATCH_MAX hits. */
const BATCH_SHARE = 0.025
const BATCH_MAX = 25
const TABLE = 'rate_limits'

/**
 * Rate limits every instance on one PostgreSQL shares (rate-limiter-flexible's RateLimiterPostgres
 * over the process's pool): the counts live in `quire.rate_limits`, one atomic upsert a login or
 * registration, so ten login attempts a minute are ten across the cluster, not ten on each instance.
 * The per-user limit, which every request pays, adds its hits a batch at a time (`batchedLimiter`):
 * exact on one instance, and at most 5% of the limit (50 hits at most) over it per instance.
 *
 * When PostgreSQL fails or is slow (more than `timeoutMs`), the library's insurance limiter counts in
 * this process's memory with the same rule: the limit then holds per instance (at worst multiplied by
 * the number of instances) and no request fails or waits because of the limiter. Keys past their limit
 * are also refused from memory for the rest of their window (`inMemoryBlockOnConsumed`), so a flood
 * from one IP costs the database one query a window, not one a request.
 */
export async function postgresRateLimiters(
  pool: pg.Pool,
  options: PostgresRateLimitOptions = {},
): Promise<RateLimiterFactory> {
  // The table is the library's (its own columns, as RateLimiterPostgres would create it), created here
  // under the schema's setup lock: the library's own `CREATE TABLE IF NOT EXISTS` races between
  // instances starting together, and it forgives only one of the two errors PostgreSQL gives the loser
  // (a unique violation, not "type already exists"), so one of three instances failed to start in CI.
  await pgSetupLock(pool, SCHEMA, async (client) => {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`)
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${SCHEMA}.${TABLE} (
         key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
    )
  })
  // This one deletes expired counts every 5 minutes; the limiters below leave that to it (one sweep a
  // process is plenty for a shared table).
  new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    schemaName: SCHEMA,
    tableName: TABLE,
    tableCreated: true,
    points: 1,
    duration: 1,
  })
  const logError = options.logError ?? console.error
  return (name: keyof RateLimits, rule) => {
    if (rule.limit <= 0) return { hit: async () => {} }
    const shape = { points: rule.limit, duration: rule.windowSeconds, keyPrefix: name }
    const shared = new RateLimiterPostgres({
      ...shape,
      storeClient: pool,
      storeType: 'pool',
      schemaName: SCHEMA,
      tableName: TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
      inMemoryBlockOnConsumed: rule.limit,
      insuranceLimiter: new RateLimiterMemory(shape),
    })
    // The wrapper's timeout falls back to the same insurance limiter (it takes the wrapped one's).
    const bounded = new RLWrapperTimeouts({ limiter: shared, timeoutMs: options.timeoutMs ?? 1000 })
    // Every request counts against the per-user limit: one upsert each cost about a fifth of one
    // instance's throughput (bench cluster, measured by hand with the limit on and off), so its hits
    // are added a batch at a time, at most 5% of the limit (50 hits) over it per instance. Logins and
    // registrations are few and their limits small: counted exactly, one upsert each.
    if (name === 'user') {
      const batch = Math.min(BATCH_MAX, Math.max(1, Math.floor(rule.limit * BATCH_SHARE)))
      return batchedLimiter(bounded, name, rule, { batch, flushMs: options.flushMs ?? 1000, logError })
    }
    // The insurance limiter cannot fail; should anything else, the request goes on unlimited.
    return limiterOver(bounded, name, logError)
  }
}

import pg from 'pg'
import { startTestPostgres, type TestPostgres } from '../sync-server/test/postgres/startTestPostgres'
import type { BenchContext, Benchmark } from './lib/Benchmark'
import type { MeasurementResult, RatioResult } from './lib/BenchResult'
import { mixedLoad, type MixedLoadSummary } from './lib/mixedLoad'
import { ratioResult } from './lib/ratioResult'
import type { RunningTarget } from './lib/RunningTarget'
import { seedLoadUsers } from './lib/seedLoadUsers'
import { startServerProcess } from './lib/startServerProcess'
import { resultRecorder } from './lib/resultRecorder'

const NAME = 'cluster'
const SQLITE_CASE = 'mixed load, 1 instance on SQLite'
const PG_ONE_CASE = 'mixed load, 1 instance on PostgreSQL'
const PG_THREE_CASE = 'mixed load, 3 instances on one PostgreSQL (client round-robin)'

/** A case's line: the load's figures, with where it ran. */
export type ClusterLine = MeasurementResult &
  Pick<MixedLoadSummary, 'p95_ms' | 'mean_ms' | 'max_ms' | 'p95_by_op' | 'write_share'> & {
    store: 'sqlite' | 'postgresql'
    instances: number
    users: number
  }

/** Every instance the same, as an operator runs them: accounts on, limits that never refuse the load. */
const INSTANCE_ENV: Record<string, string> = {
  QUIRE_SINGLE_USER: '',
  RATE_LIMIT_LOGIN: '0',
  RATE_LIMIT_REGISTER: '0',
  // On, so that each request pays for its count (in memory on SQLite, in PostgreSQL a batch at a time,
  // see sync-server/src/auth/batchedLimiter.ts), but far above what the load sends.
  RATE_LIMIT_USER: '1000000000',
  JOB_CONCURRENCY: '1',
}

/**
 * Requests per second of one mixed read/write load (80% reads: lists, documents, searches; 20%
 * writes: renames, settings, sync pushes, new collections; `USERS` people, bench/lib/mixedLoad.ts) on
 * three instances sharing one PostgreSQL, on one instance on PostgreSQL and on one on SQLite, all
 * in one run, with the ratios 3-vs-1 (PostgreSQL) and PostgreSQL-vs-SQLite. The three instances are
 * reached round-robin by the load generator itself, standing in for a load balancer (a proxy in
 * between would add a hop that one instance does not pay). PostgreSQL is a throwaway server this
 * benchmark starts (the tests' startTestPostgres), a new database per case; no JWT_SECRET or
 * QUIRE_SECRET_KEY is set, so the three instances agree on keys through the database.
 *
 * Every process (instances, PostgreSQL, the load generator) shares the machine's cores: on a
 * 2-core machine three instances compete for the same two cores as one, so expect no gain there.
 */
export const cluster: Benchmark = clusterBenchmark(4)

/** The benchmark with `users` people in the load (the smoke test takes fewer, to start sooner). */
export function clusterBenchmark(users: number): Benchmark {
  return {
    name: NAME,
    async run(context) {
      const { results, record } = resultRecorder(context)
      context.progress(`${NAME}: starting a throwaway PostgreSQL`)
      const postgres = await startTestPostgres()
      try {
        const sqlite = record(await measure(context, SQLITE_CASE, 'sqlite', 1, postgres, users))
        const one = record(await measure(context, PG_ONE_CASE, 'postgresql', 1, postgres, users))
        const three = record(await measure(context, PG_THREE_CASE, 'postgresql', 3, postgres, users))
        record(ratio(three, one))
        record(ratio(one, sqlite))
      } finally {
        await postgres.stop()
      }
      return results
    },
  }
}

async function measure(
  context: BenchContext,
  caseName: string,
  store: 'sqlite' | 'postgresql',
  instances: number,
  postgres: TestPostgres,
  users: number,
): Promise<ClusterLine> {
  const database = store === 'postgresql' ? await createDatabase(postgres.url) : undefined
  const targets: RunningTarget[] = []
  try {
    const env = { ...INSTANCE_ENV, ...(database ? { DATABASE_URL: database.url } : {}) }
    // Started together, as instances behind a load balancer are; each one stopped below even if another failed.
    const started = await Promise.allSettled(
      Array.from({ length: instances }, () => startServerProcess(env, context.progress)),
    )
    for (const result of started) if (result.status === 'fulfilled') targets.push(result.value)
    const failed = started.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    const urls = targets.map((target) => target.url)
    context.progress(`${NAME}: ${caseName}: seeding ${users} people`)
    const people = await seedLoadUsers(urls[0]!, users, 'load')
    context.progress(
      `${NAME}: ${caseName}: ${context.warmupS} s warm-up, then ${context.durationS} s with ${context.connections} connections`,
    )
    const summary = await mixedLoad({
      urls,
      users: people,
      connections: context.connections,
      durationS: context.durationS,
      warmupS: context.warmupS,
    })
    return {
      benchmark: NAME,
      case: caseName,
      store,
      instances,
      users,
      requests_per_sec: summary.requests_per_sec,
      p50_ms: summary.p50_ms,
      p95_ms: summary.p95_ms,
      p99_ms: summary.p99_ms,
      mean_ms: summary.mean_ms,
      max_ms: summary.max_ms,
      requests: summary.requests,
      errors: summary.errors,
      non_2xx: summary.non_2xx,
      duration_s: summary.duration_s,
      connections: context.connections,
      p95_by_op: summary.p95_by_op,
      write_share: summary.write_share,
      node: process.version,
      date: new Date().toISOString(),
    }
  } finally {
    for (const target of targets) await target.stop()
    await database?.drop()
  }
}

function ratio(measured: ClusterLine, baseline: ClusterLine): RatioResult & { p95_ratio: number | null } {
  const p95 = baseline.p95_ms > 0 ? Math.round((measured.p95_ms / baseline.p95_ms) * 1000) / 1000 : null
  return { ...ratioResult(NAME, measured, baseline), p95_ratio: p95 }
}

let made = 0

/** A new empty database in the bench's PostgreSQL, dropped (its sessions ended) after its case. */
async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `quire_bench_${process.pid}_${made++}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

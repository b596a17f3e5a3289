import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEALTH_CHECK_MS } from '../src/health/timeBoxed'
import { createTestDatabase, type TestDatabase } from './postgres/createTestDatabase'
import { startTestPostgres, type TestPostgres } from './postgres/startTestPostgres'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

type Running = Awaited<ReturnType<typeof startTestServer>>

/** Runs until its test releases it, so the queue's counts can be read while it holds a place. */
function heldJobs() {
  const releases: Array<() => void> = []
  let started = 0
  let released = false
  return {
    handler: () =>
      new Promise<Record<string, unknown>>((resolve) => {
        started += 1
        if (released) resolve({})
        else releases.push(() => resolve({}))
      }),
    started: () => started,
    releaseAll: () => {
      released = true
      releases.splice(0).forEach((release) => release())
    },
  }
}

async function until(condition: () => boolean) {
  const deadline = Date.now() + scaledTimeout(5_000)
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('GET /health on SQLite', () => {
  const held = heldJobs()
  let server: Running
  beforeAll(async () => {
    server = await startTestServer({
      accounts: true,
      jobHandlers: { test_held: held.handler },
      config: { jobConcurrency: 1 },
    })
  })
  afterAll(async () => {
    held.releaseAll()
    await server.stop()
  })

  it('reports the database and the queue without a user, keeping the platform fields, never cached', async () => {
    const response = await fetch(`${server.url}/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      status: 'healthy',
      version: '1.0.0',
      database: { kind: 'sqlite', ok: true },
      queue: { kind: 'in-process', ok: true, pending: 0, running: 0 },
    })
    expect(typeof body.timestamp).toBe('string')
    const database = body.database as { latency_ms: number; version?: string }
    expect(database.latency_ms).toBeGreaterThanOrEqual(0)
    expect(database.latency_ms).toBeLessThan(scaledTimeout(2_000))
    expect(database.version).toBeUndefined()
  })

  it('counts jobs running and waiting', async () => {
    await server.jobs.create('someone', { job_type: 'test_held' })
    await server.jobs.create('someone', { job_type: 'test_held' })
    await until(() => held.started() === 1)
    const body = (await (await fetch(`${server.url}/health`)).json()) as { queue: unknown }
    expect(body.queue).toEqual({ kind: 'in-process', ok: true, pending: 1, running: 1 })
  })

  it('leaves /api/health as the document-chat spec has it', async () => {
    const body = (await (await fetch(`${server.url}/api/health`)).json()) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(['status', 'timestamp', 'version'])
  })

  it('describes the server’s parts and the 503 in the OpenAPI document', async () => {
    const openApi = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, { get: { responses: Record<string, unknown>; description?: string } }>
    }
    const health = openApi.paths['/health']?.get
    expect(Object.keys(health?.responses ?? {}).sort()).toEqual(['200', '503'])
    expect(health?.description).toContain('pg-boss')
    expect(JSON.stringify(openApi)).toContain('ServerHealthFailing')
  })
})

describe('GET /health on PostgreSQL', () => {
  let database: TestDatabase
  let server: Running
  beforeAll(async () => {
    database = await createTestDatabase()
    server = await startTestServer({ accounts: true, config: { databaseUrl: database.url } })
  })
  afterAll(async () => {
    await server?.stop()
    await database?.drop()
  })

  it('reports PostgreSQL with its server version, and the pg-boss queue', async () => {
    const response = await fetch(`${server.url}/health`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      database: { kind: string; ok: boolean; version?: string }
      queue: unknown
    }
    expect(body.database).toMatchObject({ kind: 'postgres', ok: true })
    expect(body.database.version).toMatch(/^\d+(\.\d+)?/)
    expect(body.queue).toEqual({ kind: 'pg-boss', ok: true, pending: 0, running: 0 })
  })
})

async function backendOf(client: pg.Client): Promise<number> {
  return (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid
}

describe('GET /health when PostgreSQL goes away under the running server', () => {
  let postgres: TestPostgres
  let server: Running
  beforeAll(async () => {
    // A PostgreSQL of its own, to stop under the running Quire (the run's shared one stays up).
    postgres = await startTestPostgres()
    server = await startTestServer({ accounts: true, config: { databaseUrl: postgres.url } })
  }, scaledTimeout(60_000))
  afterAll(async () => {
    await server?.close(100).catch(() => undefined)
    await postgres?.stop()
  })

  it(
    'answers within the time box, 503, while PostgreSQL does not answer at all',
    async () => {
      // Every PostgreSQL process frozen (SIGSTOP): connections open and queries are sent, nothing answers.
      const client = new pg.Client({ connectionString: postgres.url })
      await client.connect()
      const backends = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid()',
      )
      const dataDir = (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!
        .data_directory
      const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
      const pids = [postmaster, ...backends.rows.map((row) => row.pid), await backendOf(client)]
      for (const pid of pids) process.kill(pid, 'SIGSTOP')
      try {
        const started = Date.now()
        const response = await fetch(`${server.url}/health`)
        const elapsed = Date.now() - started
        // Besides the checks' time box: the per-IP rate limit's own 1 s one (it counts in PostgreSQL too).
        expect(elapsed).toBeGreaterThanOrEqual(HEALTH_CHECK_MS - 100)
        expect(elapsed).toBeLessThan(HEALTH_CHECK_MS + scaledTimeout(2_000))
        expect(response.status).toBe(503)
        const body = (await response.json()) as { failing: string[]; database: { error?: string } }
        expect(body.failing).toContain('database')
        expect(body.database.error).toMatch(/no answer within/)
      } finally {
        for (const pid of pids) process.kill(pid, 'SIGCONT')
        await client.end()
      }
    },
    scaledTimeout(30_000),
  )

  it(
    'answers 503 naming the database, within the time box, when PostgreSQL is stopped',
    async () => {
      expect((await fetch(`${server.url}/health`)).status).toBe(200)
      await postgres.stop()
      const started = Date.now()
      const response = await fetch(`${server.url}/health`)
      expect(Date.now() - started).toBeLessThan(HEALTH_CHECK_MS + scaledTimeout(2_000))
      expect(response.status).toBe(503)
      const body = (await response.json()) as {
        status: string
        failing: string[]
        database: { kind: string; ok: boolean; error?: string }
      }
      expect(body.status).toBe('unhealthy')
      expect(body.failing).toContain('database')
      expect(body.database).toMatchObject({ kind: 'postgres', ok: false })
      expect(body.database.error).toBeTruthy()
    },
    scaledTimeout(30_000),
  )
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './startTestServer'

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
  const deadline = Date.now() + 5_000
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
    expect(database.latency_ms).toBeLessThan(2_000)
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

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSse } from '../../../web/core/http/readSse'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import { callJson } from '../callJson'
import { createTestCollection } from '../createTestCollection'
import { startFakeOllama, type FakeOllama } from '../modelhostFakeOllama'
import { createTestDatabase, type TestDatabase } from '../postgres/createTestDatabase'
import { signUpForTest, type TestUser } from '../signUpForTest'
import { startInstance, type Instance } from './startInstance'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

// Three real server processes on one PostgreSQL, as an operator runs them behind a load balancer.
// The jobs are model installs against a fake Ollama (the edge of the world): each is a real job
// whose pulls the fake counts, and whose pace the fake sets.
const M = '/api/v1/modelhost'
const LEASE_S = 2

interface JobEventView {
  id: number
  type: string
  data: { attempt?: number; status?: string }
}

let database: TestDatabase
let ollama: FakeOllama
let admin: pg.Client
const instances: Instance[] = []
/** Each instance by the id its job claims carry. */
const instanceIds = new Map<string, Instance>()
let user: TestUser

async function startOne(): Promise<Instance> {
  const instance = await startInstance({
    databaseUrl: database.url,
    env: { OUTBOUND_ALLOW: '127.0.0.1', JOB_LEASE_S: String(LEASE_S), JOB_CONCURRENCY: '2' },
  })
  instances.push(instance)
  // Printed at start, before the ready line (later output may push it out of what is kept).
  const id = /Jobs: instance (\S+),/.exec(instance.output())?.[1]
  if (!id) throw new Error(`no instance id in:\n${instance.output()}`)
  instanceIds.set(id, instance)
  return instance
}

beforeAll(async () => {
  database = await createTestDatabase()
  ollama = await startFakeOllama()
  admin = new pg.Client({ connectionString: database.url })
  await admin.connect()
  // All three at once: they migrate the same schemas (each migration under an advisory lock).
  await Promise.all([startOne(), startOne(), startOne()])
  user = await signUpForTest(instances[0]!.url, 'ada')
}, scaledTimeout(90_000))

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()))
  await admin?.end()
  await ollama?.close()
  await database?.drop()
}, scaledTimeout(60_000))

const api = (instance: Instance, method: string, path: string, json?: unknown) =>
  callJson(instance.url, method, path, json, user.auth)

async function install(instance: Instance, name: string): Promise<string> {
  const answer = await api(instance, 'POST', `${M}/install`, { name, server_url: ollama.url, stream: true })
  expect(answer.status, answer.text).toBe(200)
  return answer.body.task_id as string
}

async function job(instance: Instance, id: string) {
  return (await api(instance, 'GET', `/api/v1/jobs/${id}`)).body as { status: string; attempts: number }
}

async function events(instance: Instance, id: string): Promise<JobEventView[]> {
  return (await api(instance, 'GET', `/api/v1/jobs/${id}/events`)).body as unknown as JobEventView[]
}

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = scaledTimeout(30_000),
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The instance running the job: its claim names the instance id the process printed at start. */
async function runnerOf(id: string): Promise<Instance> {
  const claimedBy = await until(
    async () =>
      (
        await admin.query<{ claimed_by: string | null }>('SELECT claimed_by FROM quire.jobs WHERE id = $1', [
          id,
        ])
      ).rows[0]?.claimed_by,
    (value) => Boolean(value),
  )
  const runner = instanceIds.get(claimedBy!)
  if (!runner) throw new Error(`no instance printed ${claimedBy}`)
  return runner
}

/** The job's whole SSE stream, read from `instance` until it ends. */
async function streamed(instance: Instance, id: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${instance.url}/api/v1/jobs/${id}/events/stream`, {
    headers: { ...user.auth, ...headers },
  })
  expect(response.status).toBe(200)
  const seen: Array<{ id: number; event: string; attempt?: number }> = []
  for await (const event of readSse(response.body!)) {
    const data = JSON.parse(event.data) as { data: { attempt?: number } }
    seen.push({ id: Number(event.id), event: event.event, attempt: data.data.attempt })
  }
  return seen
}

describe('jobs across three instances on one PostgreSQL', () => {
  it(
    'runs each of many jobs created at once through all three exactly once',
    async () => {
      const names = Array.from({ length: 12 }, (_, n) => `many-${n}:1b`)
      for (const name of names) ollama.pulls.set(name, { layers: [1000], steps: 2, delayMs: 20 })
      const ids = await Promise.all(names.map((name, n) => install(instances[n % 3]!, name)))
      expect(new Set(ids).size).toBe(names.length)
      for (const id of ids) {
        const done = await until(
          () => job(instances[0]!, id),
          (view) => view.status === 'completed' || view.status === 'failed',
        )
        expect(done).toMatchObject({ status: 'completed', attempts: 1 })
        const started = (await events(instances[1]!, id)).filter((event) => event.type === 'started')
        expect(started).toHaveLength(1)
      }
      for (const name of names)
        expect(ollama.pullRequests.filter((pulled) => pulled === name)).toHaveLength(1)
      // pg-boss's tickets are not counted: a ticket starts the fairest pending job, not always its own, and
      // a job started through another's ticket can leave its own unfetched once nothing is pending (11 of
      // 12 tickets completed once in CI, every job run once). Which instance ran a job is not kept past its
      // end (the claim is cleared); the other tests here follow a run on another instance.
    },
    scaledTimeout(60_000),
  )

  it(
    'processes uploads sent at once through all three, each document by one job run once',
    async () => {
      const corpus = corpusDir(process.env, fileURLToPath(new URL('../../..', import.meta.url)))
      const bytes = readFileSync(`${corpus}/md/ollama__api.md`)
      const collection = await createTestCollection(
        instances[0]!.url,
        'Uploads',
        'From every instance',
        user.auth,
      )
      const uploads = await Promise.all(
        Array.from({ length: 6 }, async (_, n) => {
          const form = new FormData()
          form.append('collection_id', collection)
          form.append('file', new Blob([bytes]), `api-${n}.md`)
          const response = await fetch(`${instances[n % 3]!.url}/api/documents/`, {
            method: 'POST',
            headers: user.auth,
            body: form,
          })
          expect(response.status).toBe(201)
          return ((await response.json()) as { id: string }).id
        }),
      )
      for (const id of uploads) {
        const document = await until(
          async () => (await api(instances[1]!, 'GET', `/api/documents/${id}`)).body as { status: string },
          (view) => view.status === 'completed' || view.status === 'failed',
        )
        expect(document.status).toBe('completed')
      }
      const listed = (await api(instances[2]!, 'GET', '/api/v1/jobs?job_type=document_process&limit=100'))
        .body as { items: Array<{ id: string; attempts: number; payload: { document_id: string } }> }
      for (const id of uploads) {
        const jobs = listed.items.filter((item) => item.payload.document_id === id)
        expect(jobs).toHaveLength(1)
        expect(jobs[0]!.attempts).toBe(1)
        const started = (await events(instances[0]!, jobs[0]!.id)).filter((event) => event.type === 'started')
        expect(started).toHaveLength(1)
      }
    },
    scaledTimeout(60_000),
  )

  it(
    'shows on one instance the events of a job running on another, in order, honouring Last-Event-ID',
    async () => {
      ollama.pulls.set('watched:1b', { layers: [1000, 2000], steps: 5, delayMs: 60 })
      const id = await install(instances[0]!, 'watched:1b')
      const runner = await runnerOf(id)
      const watcher = instances.find((instance) => instance !== runner)!
      const all = await streamed(watcher, id)
      expect(all.map((event) => event.id)).toEqual(all.map((_, index) => index + 1))
      expect(all[0]!.event).toBe('created')
      expect(all.at(-1)!.event).toBe('completed')
      expect(all.filter((event) => event.event === 'progress').length).toBeGreaterThan(3)
      const resumed = await streamed(watcher, id, { 'last-event-id': '3' })
      expect(resumed.map((event) => event.id)).toEqual(all.slice(3).map((event) => event.id))
    },
    scaledTimeout(60_000),
  )

  it(
    'a cancel on one instance stops the job running on another',
    async () => {
      ollama.pulls.set('stalls:1b', { layers: [1000], steps: 4, stallAfter: 1 })
      const id = await install(instances[1]!, 'stalls:1b')
      const runner = await runnerOf(id)
      await until(
        () => events(runner, id),
        (list) => list.some((event) => event.type === 'progress'),
      )
      const other = instances.find((instance) => instance !== runner)!
      const cancelled = await api(other, 'POST', `/api/v1/jobs/${id}/cancel`)
      expect(cancelled.status, cancelled.text).toBe(200)
      expect(
        (
          await until(
            () => job(other, id),
            (view) => view.status !== 'running',
          )
        ).status,
      ).toBe('cancelled')
      // The runner's pull was closed: its handler was aborted, not merely forgotten.
      await until(
        async () => ollama.closedPulls,
        (closed) => closed.includes('stalls:1b'),
      )
    },
    scaledTimeout(60_000),
  )

  it(
    'an instance killed with SIGKILL mid-job has its job completed by another, the stream showing requeued',
    async () => {
      ollama.pulls.set('slow:1b', { layers: [1000], steps: 40, delayMs: 100 })
      const id = await install(instances[2]!, 'slow:1b')
      const runner = await runnerOf(id)
      await until(
        () => events(runner, id),
        (list) => list.some((event) => event.type === 'progress'),
      )
      const watcher = instances.find((instance) => instance !== runner)!
      const stream = streamed(watcher, id)
      await runner.kill('SIGKILL')

      const seen = await stream
      const types = seen.map((event) => event.event)
      expect(types.filter((type) => type === 'requeued')).toHaveLength(1)
      expect(types.at(-1)).toBe('completed')
      expect(seen.filter((event) => event.event === 'started').map((event) => event.attempt)).toEqual([1, 2])
      expect(seen.map((event) => event.id)).toEqual(seen.map((_, index) => index + 1))
      expect(await job(watcher, id)).toMatchObject({ status: 'completed', attempts: 2 })
      expect(ollama.pullRequests.filter((name) => name === 'slow:1b')).toHaveLength(2)
    },
    scaledTimeout(60_000),
  )
})

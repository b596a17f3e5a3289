import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../postgres/createTestDatabase'
import { signUpForTest, type TestUser } from '../signUpForTest'
import { startInstance, type Instance } from './startInstance'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

/** Short, so a killed instance's streams stop counting within the test; its beats come every third. */
const LEASE_S = 6

/**
 * MAX_EVENT_STREAMS_PER_USER behind a balancer: two real instances on one PostgreSQL count one
 * person's streams together, and a SIGKILLed instance's streams stop counting one lease after its
 * last heartbeat.
 */
describe('event streams counted across instances', () => {
  let database: TestDatabase
  let a: Instance
  let b: Instance
  let person: TestUser
  const held: AbortController[] = []

  beforeAll(async () => {
    database = await createTestDatabase()
    const env = { MAX_EVENT_STREAMS_PER_USER: '2', JOB_LEASE_S: String(LEASE_S) }
    ;[a, b] = (await Promise.all([0, 1].map(() => startInstance({ databaseUrl: database.url, env })))) as [
      Instance,
      Instance,
    ]
    person = await signUpForTest(a.url, 'streams')
  }, scaledTimeout(90_000))
  afterAll(async () => {
    for (const stream of held) stream.abort()
    await Promise.all([a, b].filter(Boolean).map((instance) => instance.stop()))
    await database?.drop()
  })

  /** A sync stream as the browser opens it; an open one is held (read up to its first comment). */
  const openStream = async (instance: Instance) => {
    const abort = new AbortController()
    const response = await fetch(`${instance.url}/api/v1/sync/events`, {
      headers: { authorization: `Bearer ${person.access_token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    })
    if (response.status !== 200) {
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: await response.text(),
      }
    }
    await response.body!.getReader().read()
    held.push(abort)
    return { status: 200, close: () => abort.abort() }
  }

  /** Opens on `instance` until it is accepted (a closed stream's count is written just after it closes). */
  const openWhenFree = async (instance: Instance, timeoutMs: number) => {
    const started = Date.now()
    for (;;) {
      const opened = await openStream(instance)
      if (opened.status === 200 || Date.now() - started > timeoutMs) return opened
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  it(
    'refuses a third stream on B while A holds two, as one instance refuses, and accepts once one closes',
    async () => {
      const first = await openStream(a)
      await openStream(a)
      expect(first.status).toBe(200)
      const onA = await openStream(a)
      expect(onA.status).toBe(429)

      const onB = await openStream(b)
      // The refusal one instance gives on its own, word for word.
      expect(onB).toEqual(onA)
      expect(onB.retryAfter).toMatch(/^\d+$/)

      first.close?.()
      expect((await openWhenFree(b, scaledTimeout(10_000))).status).toBe(200)
      expect((await openStream(a)).status).toBe(429)
    },
    scaledTimeout(30_000),
  )

  it(
    'stops counting the streams of an instance killed with SIGKILL once its lease lapses',
    async () => {
      // A holds one stream and B one (the test before): the cap of 2 is reached.
      await a.kill('SIGKILL')
      const killed = Date.now()
      expect((await openStream(b)).status).toBe(429)
      const opened = await openWhenFree(b, scaledTimeout(30_000))
      expect(opened.status).toBe(200)
      // Not before A's last heartbeat is a lease old (it beat at most a third of a lease before dying).
      expect(Date.now() - killed).toBeGreaterThanOrEqual(((LEASE_S * 2) / 3) * 1000 - 500)
    },
    scaledTimeout(45_000),
  )
})

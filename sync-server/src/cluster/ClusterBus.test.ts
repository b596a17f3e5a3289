import pg from 'pg'
import { describe, expect, it } from 'vitest'
import type { ClusterBus } from './ClusterBus'
import { busesOnTestDatabase } from './busesOnTestDatabase'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

const database = busesOnTestDatabase()

function openBus(errors: unknown[] = [], applicationName = 'bus') {
  return database.open({
    connection: { application_name: applicationName },
    reconnect: { minMs: 20, maxMs: 200 },
    onError: (error) => errors.push(error),
  })
}

function nextMessage<T>(bus: ClusterBus, topic: string): Promise<T> {
  return new Promise((resolve) => {
    const stop = bus.subscribe<T>(topic, (payload) => {
      stop()
      resolve(payload)
    })
  })
}

describe('ClusterBus on a real PostgreSQL', () => {
  it('delivers a message to the other instances, not back to its sender unless asked', async () => {
    const a = await openBus()
    const b = await openBus()
    const onA: unknown[] = []
    const ownOnA: unknown[] = []
    a.subscribe('sync', (payload) => onA.push(payload))
    a.subscribe('sync', (payload) => ownOnA.push(payload), { includeOwn: true })
    const received = nextMessage<{ userId: string; cursor: number }>(b, 'sync')
    await Promise.all([a.ready(), b.ready()])

    await a.publish('sync', { userId: 'u1', cursor: 42 })
    expect(await received).toEqual({ userId: 'u1', cursor: 42 })
    await b.publish('sync', { userId: 'u2', cursor: 1 })
    await expect.poll(() => onA).toEqual([{ userId: 'u2', cursor: 1 }])
    expect(ownOnA).toEqual([
      { userId: 'u1', cursor: 42 },
      { userId: 'u2', cursor: 1 },
    ])
  })

  it('keeps topics apart and stops delivering once unsubscribed', async () => {
    const a = await openBus()
    const b = await openBus()
    const index: unknown[] = []
    const stop = b.subscribe('index', (payload) => index.push(payload))
    const jobs = nextMessage(b, 'jobs')
    await b.ready()
    await a.publish('index', 1)
    await a.publish('jobs', 'job')
    expect(await jobs).toBe('job')
    expect(index).toEqual([1]) // NOTIFYs from one session arrive in the order sent
    stop()
    await b.ready()
    await a.publish('index', 2)
    const later = nextMessage(b, 'jobs')
    await b.ready()
    await a.publish('jobs', 'after')
    await later
    expect(index).toEqual([1])
  })

  it('refuses a payload over PostgreSQL’s 8,000-byte limit and a topic that is not a plain name', async () => {
    const a = await openBus()
    expect(() => a.publish('sync', 'x'.repeat(8000))).toThrow(/over PostgreSQL's limit/)
    expect(() => a.publish('sync', 'é'.repeat(3999))).toThrow(/8000-byte/) // two bytes a letter
    expect(() => a.publish('Sync; DROP', 1)).toThrow(/topic/)
    // The largest allowed (7,997 letters and the JSON quotes) is one PostgreSQL takes.
    await expect(a.publish('sync', 'x'.repeat(7997))).resolves.toBeUndefined()
  })

  it('reconnects after its connection is killed, says so, listens again and sends what waited', async () => {
    const errors: unknown[] = []
    const a = await openBus(errors, 'bus_a')
    const b = await openBus([], 'bus_b')
    let reconnects = 0
    a.onReconnect(() => reconnects++)
    const seen: unknown[] = []
    a.subscribe('sync', (payload) => seen.push(payload))
    await a.ready()

    await terminate('bus_a')
    await expect.poll(() => reconnects, { timeout: scaledTimeout(5000) }).toBe(1)
    expect(errors.length).toBeGreaterThan(0)
    await b.publish('sync', 'after a came back')
    await expect.poll(() => seen).toEqual(['after a came back'])

    // A message published while the sender's own connection is down waits for it, then goes out.
    await terminate('bus_b')
    await b.publish('sync', 'sent by b while down')
    await expect.poll(() => seen).toContain('sent by b while down')

    // Killed while a message is on its way: the session's FATAL is a lost connection, not a refusal.
    const racing = Array.from({ length: 8 }, (_, i) => `racing ${i}`)
    for (const message of racing) await Promise.all([terminate('bus_b', false), b.publish('sync', message)])
    await expect
      .poll(() => racing.filter((message) => !seen.includes(message)), { timeout: scaledTimeout(5000) })
      .toEqual([])
  })
})

async function terminate(applicationName: string, mustFind = true) {
  const admin = new pg.Client({ connectionString: database.url() })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      // This database's sessions only: pg_stat_activity lists every database of the run's server.
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE application_name = $1 AND datname = current_database()`,
      [applicationName],
    )
    if (mustFind) expect(rows.map((row) => row.ended)).toEqual([true])
  } finally {
    await admin.end()
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkReplicas } from '../../web/core/sync/checkReplicas'
import { formatHlc, HlcClock } from '../../web/core/sync/Hlc'
import { httpSyncTransport } from '../../web/core/sync/httpSyncTransport'
import { InMemorySyncClientStore } from '../../web/core/sync/InMemorySyncClientStore'
import { seededRandom } from '../../web/core/sync/seededRandom'
import { SyncClient, type SyncTransport } from '../../web/core/sync/SyncClient'
import type { SyncRecord } from '../../web/core/sync/SyncRecord'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { NO_USER_RATE_LIMIT } from './noUserRateLimit'
import { eventStreamReader } from './eventStreamReader'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

/** Everything the server holds for a user, live and tombstoned, by pulling from 0 page by page. */
async function pullEverything(transport: SyncTransport): Promise<SyncRecord[]> {
  const records: SyncRecord[] = []
  let after = 0
  for (;;) {
    const page = await transport.pull(after, 7)
    records.push(...page.changes.map((c) => c.record))
    after = page.cursor
    if (!page.more) return records
  }
}

describe('sync over HTTP (accounts)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let alice: TestUser
  let bob: TestUser
  const transportFor = (user: TestUser) => httpSyncTransport({ baseUrl: server.url, token: () => user.token })
  const post = (path: string, body: unknown, user?: TestUser) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...user?.auth },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    server = await startTestServer({
      accounts: true,
      rateLimits: NO_USER_RATE_LIMIT,
    })
    alice = await signUpForTest(server.url, 'syncalice')
    bob = await signUpForTest(server.url, 'syncbob')
  }, scaledTimeout(60_000))
  afterAll(() => server.stop())

  it(
    'three clients making random edits converge with the server',
    async () => {
      const rng = seededRandom(7)
      const clients = ['laptop', 'phone', 'tablet'].map((name) => {
        const store = new InMemorySyncClientStore()
        const client = new SyncClient({
          clientId: `${name}-${alice.id}`,
          store,
          transport: transportFor(alice),
          clock: new HlcClock(name, () => Date.now() + rng.int(-3_000, 3_000)),
          pushBatchSize: 5,
          pullLimit: 4,
        })
        return { name, store, client }
      })
      for (let step = 0; step < 150; step++) {
        const sim = rng.pick(clients)
        const id = `n${rng.int(1, 8)}`
        const roll = rng.next()
        if (roll < 0.3) await sim.client.sync()
        else if (roll < 0.8) {
          await sim.client.change(rng.pick(['note', 'tag']), id, {
            [rng.pick(['title', 'body'])]: rng.pick(['a', 'b', { nested: [1, 2] }, null, 3]),
          })
        } else await sim.client.remove(rng.pick(['note', 'tag']), id)
      }
      for (let round = 0; round < 2; round++) for (const sim of clients) await sim.client.sync()
      const onServer = await pullEverything(transportFor(alice))
      expect(onServer.length).toBeGreaterThan(0)
      expect(await checkReplicas(onServer, clients)).toEqual([])
      // What HTTP hands out is what the database holds.
      const stored = await (await server.spaces.get(alice.id)).sync.store.allRecords()
      expect(onServer).toEqual(stored)
    },
    scaledTimeout(60_000),
  )

  it('applies a retried push once', async () => {
    const hlc = formatHlc({ wall: Date.now(), counter: 0, node: 'retry' })
    const body = {
      client_id: 'retrying-device',
      mutations: [
        { counter: 1, change: { kind: 'note', id: 'once', fields: { title: { value: 'x', hlc } } } },
        { counter: 2, change: { kind: 'note', id: 'twice', fields: { title: { value: 'y', hlc } } } },
      ],
    }
    const first = await post('/api/v1/sync/push', body, alice)
    expect(first.status).toBe(200)
    const answer = (await first.json()) as { acked: number; cursor: number }
    expect(answer.acked).toBe(2)
    const again = await post('/api/v1/sync/push', body, alice)
    expect(await again.json()).toEqual({ acked: 2, cursor: answer.cursor })
    const page = await transportFor(alice).pull(answer.cursor - 2)
    expect(page.changes.map((c) => c.record.id)).toEqual(['once', 'twice'])
    // A gap is refused, not applied.
    const gap = await post(
      '/api/v1/sync/push',
      { client_id: 'retrying-device', mutations: [{ ...body.mutations[0]!, counter: 4 }] },
      alice,
    )
    expect(await gap.json()).toMatchObject({ acked: 2, cursor: answer.cursor, refused: { reason: 'gap' } })
  })

  it('shows another user nothing of the first one’s log', async () => {
    expect(await transportFor(bob).pull(0)).toEqual({ changes: [], cursor: 0, more: false })
    const hlc = formatHlc({ wall: Date.now(), counter: 0, node: 'bob' })
    const pushed = await transportFor(bob).push('bobs-device', [
      { counter: 1, change: { kind: 'note', id: 'bobs', fields: { t: { value: 1, hlc } } } },
    ])
    expect(pushed).toEqual({ acked: 1, cursor: 1 })
    expect((await transportFor(bob).pull(0)).changes.map((c) => c.record.id)).toEqual(['bobs'])
    expect((await pullEverything(transportFor(alice))).map((r) => r.id)).not.toContain('bobs')
  })

  it('announces a push on the events stream within a second', async () => {
    const abort = new AbortController()
    const response = await fetch(`${server.url}/api/v1/sync/events`, {
      headers: alice.auth,
      signal: abort.signal,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const events = eventStreamReader(response)
    try {
      await events.until(/: stream open/)
      const before = (await transportFor(alice).pull(0, 1000)).cursor
      const started = Date.now()
      const pushed = await transportFor(alice).push(`events-${Date.now()}`, [
        {
          counter: 1,
          change: {
            kind: 'note',
            id: 'announced',
            fields: { t: { value: 1, hlc: formatHlc({ wall: Date.now(), counter: 0, node: 'ev' }) } },
          },
        },
      ])
      expect(pushed.cursor).toBe(before + 1)
      const match = await events.until(/event: changed\ndata: (.*)\n\n/, 1_000)
      expect(JSON.parse(match[1]!)).toEqual({ cursor: pushed.cursor })
      expect(Date.now() - started).toBeLessThan(scaledTimeout(1_000))
    } finally {
      abort.abort()
      await events.cancel()
    }
    // The stream's listener goes once the client left.
    const space = await server.spaces.get(alice.id)
    await expect.poll(() => space.sync.notifier.listening, { timeout: scaledTimeout(2_000) }).toBe(0)
  })

  it('answers 422 for malformed bodies and queries', async () => {
    const hlc = formatHlc({ wall: Date.now(), counter: 0, node: 'bad' })
    const change = { kind: 'note', id: 'x', fields: { t: { value: 1, hlc } } }
    const bad: unknown[] = [
      {},
      { client_id: '', mutations: [] },
      { client_id: 'x'.repeat(101), mutations: [] },
      { client_id: 'd', mutations: [{ counter: 0, change }] },
      { client_id: 'd', mutations: [{ counter: 1.5, change }] },
      { client_id: 'd', mutations: [{ counter: 1, change: { ...change, kind: '' } }] },
      { client_id: 'd', mutations: [{ counter: 1, change: { ...change, id: 7 } }] },
      {
        client_id: 'd',
        mutations: [{ counter: 1, change: { ...change, fields: { t: { value: 1, hlc: 'yesterday' } } } }],
      },
      { client_id: 'd', mutations: [{ counter: 1, change: { ...change, deleted: { value: 'yes', hlc } } }] },
      { client_id: 'd', mutations: Array.from({ length: 501 }, (_, i) => ({ counter: i + 1, change })) },
    ]
    for (const body of bad) {
      const response = await post('/api/v1/sync/push', body, alice)
      expect(response.status, JSON.stringify(body).slice(0, 200)).toBe(422)
      expect(((await response.json()) as { detail: unknown[] }).detail.length).toBeGreaterThan(0)
    }
    for (const query of ['after=-1', 'after=x', 'limit=0', 'limit=1001', 'resync=maybe']) {
      const response = await fetch(`${server.url}/api/v1/sync/pull?${query}`, { headers: alice.auth })
      expect(response.status, query).toBe(422)
    }
    // Nothing of those reached the log.
    expect(await server.spaces.get(alice.id).then((s) => s.sync.store.appliedCounter('d'))).toBe(0)
  })

  it('answers 401 without a token', async () => {
    expect((await post('/api/v1/sync/push', { client_id: 'd', mutations: [] })).status).toBe(401)
    expect((await fetch(`${server.url}/api/v1/sync/pull`)).status).toBe(401)
    expect((await fetch(`${server.url}/api/v1/sync/events`)).status).toBe(401)
    await expect(
      httpSyncTransport({ baseUrl: server.url, token: () => 'qpat_not-a-token' }).pull(0),
    ).rejects.toMatchObject({ status: 401 })
  })
})

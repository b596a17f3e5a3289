import { describe, expect, it } from 'vitest'
import { ClockDriftError, HlcClock, parseHlc } from './Hlc'
import { InMemorySyncClientStore } from './InMemorySyncClientStore'
import { InMemorySyncServerStore } from './InMemorySyncServerStore'
import { SyncClient, type SyncTransport } from './SyncClient'
import { SyncServer } from './SyncServer'
import { recordValues, type SyncRecord } from './SyncRecord'

function world() {
  const time = { now: 1_700_000_000_000 }
  const serverStore = new InMemorySyncServerStore()
  const server = new SyncServer(serverStore, new HlcClock('server', () => time.now))
  const faults = { failPush: false, loseResponse: false, failPull: false }
  const transport: SyncTransport = {
    async push(clientId, mutations) {
      if (faults.failPush) throw new Error('network down')
      const result = await server.push(clientId, structuredClone([...mutations]))
      if (faults.loseResponse) throw new Error('response lost')
      return structuredClone(result)
    },
    async pull(after, limit, resync) {
      if (faults.failPull) throw new Error('network down')
      return structuredClone(await server.pull(after, limit, resync))
    },
  }
  const device = (name: string, skew = 0) => {
    const store = new InMemorySyncClientStore()
    const changes: SyncRecord[] = []
    const forgotten: string[] = []
    const clock = { skew }
    const client = new SyncClient({
      clientId: name,
      store,
      transport,
      clock: new HlcClock(name, () => time.now + clock.skew),
      onRemoteChange: (record) => void changes.push(record),
      onRemoteForget: (kind, id) => void forgotten.push(`${kind}/${id}`),
      pullLimit: 2,
      pushBatchSize: 2,
    })
    return { client, store, changes, forgotten, clock }
  }
  return { time, server, serverStore, faults, device }
}

describe('SyncClient local writes', () => {
  it('stamps every field and the tombstone with one tick, merges locally and queues the mutation', async () => {
    const { device } = world()
    const { client, store } = device('c1')
    const record = await client.change('note', 'n1', { title: 'T', body: 'B' })
    expect(recordValues(record)).toEqual({ title: 'T', body: 'B' })
    expect(record.deleted?.value).toBe(false)
    expect(new Set([record.fields.title?.hlc, record.fields.body?.hlc, record.deleted?.hlc]).size).toBe(1)
    const removed = await client.remove('note', 'n1')
    expect(removed.deleted?.value).toBe(true)
    expect(removed.fields.title?.value).toBe('T') // kept for a restore
    expect((await store.outbox()).map((m) => m.counter)).toEqual([1, 2])
    expect(await store.getRecord('note', 'n1')).toEqual(removed)
  })

  it('refuses values JSON cannot carry', async () => {
    const { device } = world()
    await expect(device('c1').client.change('note', 'n1', { t: undefined })).rejects.toThrow(TypeError)
  })
})

describe('SyncClient.sync', () => {
  it('brings two devices to the same records and tells about remote changes', async () => {
    const { device, time } = world()
    const a = device('a')
    const b = device('b')
    await a.client.change('note', 'n1', { title: 'from a' })
    await a.client.change('note', 'n2', { title: 'x' })
    await a.client.change('note', 'n3', { title: 'y' })
    expect(await a.client.sync()).toEqual({ pushed: 3, pulled: 3 }) // its own echoes, in pages of 2
    time.now += 10
    await b.client.change('note', 'n1', { body: 'from b' })
    await b.client.sync()
    await a.client.sync()
    const expected = await b.store.allRecords()
    expect(await a.store.allRecords()).toEqual(expected)
    expect(recordValues(expected.find((r) => r.id === 'n1') as SyncRecord)).toEqual({
      title: 'from a',
      body: 'from b',
    })
    expect(b.changes.map((r) => r.id)).toEqual(['n2', 'n3', 'n1']) // n1 once, at its latest seq
    expect(await a.store.outbox()).toEqual([])
  })

  it('retries a push whose answer was lost without applying it twice', async () => {
    const { device, faults, serverStore } = world()
    const a = device('a')
    await a.client.change('note', 'n1', { t: 1 })
    faults.loseResponse = true
    await expect(a.client.sync()).rejects.toThrow('response lost')
    expect(await a.store.outbox()).toHaveLength(1) // still queued: it cannot know
    faults.loseResponse = false
    expect(await a.client.sync()).toEqual({ pushed: 1, pulled: 1 })
    expect(await serverStore.latestSeq()).toBe(1) // applied once
    expect(await a.store.outbox()).toEqual([])
  })

  it('keeps a queued local edit where it is newer, and takes a newer remote value where it is not', async () => {
    const { device, time } = world()
    const a = device('a')
    const b = device('b')
    await a.client.change('note', 'n1', { title: 'a1', body: 'a1' })
    await a.client.sync()
    await b.client.sync()
    time.now += 10
    await b.client.change('note', 'n1', { title: 'b-older' })
    time.now += 10
    await a.client.change('note', 'n1', { title: 'a-newer' })
    time.now += 10
    await b.client.change('note', 'n1', { body: 'b-newer' })
    await b.client.sync()
    const pulled = await a.client.sync() // push first, then pull
    expect(pulled.pushed).toBe(1)
    await b.client.sync()
    for (const device of [a, b]) {
      expect(recordValues((await device.store.getRecord('note', 'n1')) as SyncRecord)).toEqual({
        title: 'a-newer',
        body: 'b-newer',
      })
    }
  })

  it('forgets a tombstone once the server has it, on every device', async () => {
    const { device, serverStore } = world()
    const a = device('a')
    const b = device('b')
    await a.client.change('note', 'n1', { t: 1 })
    await a.client.sync()
    await b.client.sync()
    await a.client.remove('note', 'n1')
    await a.client.sync()
    await b.client.sync()
    expect(await a.store.allRecords()).toEqual([])
    expect(await b.store.allRecords()).toEqual([])
    expect(b.changes.at(-1)?.deleted?.value).toBe(true) // b was told
    expect((await serverStore.getRecord('note', 'n1'))?.deleted?.value).toBe(true) // kept for the window
  })

  it('resyncs a device that was away longer than the retention window and drops what the server compacted', async () => {
    const { device, time, serverStore } = world()
    const a = device('a')
    const b = device('b')
    await a.client.change('note', 'gone', { t: 1 })
    await a.client.change('note', 'kept', { t: 1 })
    await a.client.sync()
    await b.client.sync()
    await a.client.remove('note', 'gone')
    await a.client.change('note', 'kept', { t: 2 })
    await a.client.sync()
    time.now += 120_000
    expect(serverStore.compact(60_000, time.now)).toHaveLength(1)
    await b.client.change('note', 'mine', { t: 'offline edit' }) // made while away: must survive
    await b.client.sync()
    expect(b.forgotten).toEqual(['note/gone'])
    expect((await b.store.allRecords()).map((r) => r.id).sort()).toEqual(['kept', 'mine'])
    await a.client.sync()
    expect(await a.store.allRecords()).toEqual(await b.store.allRecords())
  })

  it('leaves the cursor where it was when a pull fails, so the next round gets everything', async () => {
    const { device, faults } = world()
    const a = device('a')
    const b = device('b')
    await a.client.change('note', 'n1', { t: 1 })
    await a.client.sync()
    faults.failPull = true
    await expect(b.client.sync()).rejects.toThrow('network down')
    expect(await b.store.cursor()).toBe(0)
    faults.failPull = false
    expect((await b.client.sync()).pulled).toBe(1)
  })

  it('re-stamps the outbox of a device whose clock ran ahead, and succeeds once the clock is fixed', async () => {
    const { device, time, serverStore } = world()
    const other = device('other')
    const fast = device('fast', 3_600_000)
    await fast.client.change('note', 'n1', { title: 'fast' })
    await expect(fast.client.sync()).rejects.toThrow(ClockDriftError)
    expect(await serverStore.getRecord('note', 'n1')).toBeUndefined()
    expect(await fast.store.outbox()).toHaveLength(1) // kept, re-stamped (still too far: not fixed yet)
    await expect(fast.client.sync()).rejects.toThrow(ClockDriftError)

    time.now += 1_000
    await other.client.change('note', 'n1', { title: 'other', body: 'other' })
    await other.client.sync()
    fast.clock.skew = 0 // the owner fixes the date
    await expect(fast.client.sync()).rejects.toThrow(ClockDriftError) // the round that re-stamps
    // It pulled meanwhile: the other device's record merged with its own queued write.
    expect(recordValues((await fast.store.getRecord('note', 'n1')) as SyncRecord)).toEqual({
      title: 'fast',
      body: 'other',
    })
    const [queued] = await fast.store.outbox()
    expect(parseHlc(queued?.change.fields.title?.hlc ?? '').wall).toBeLessThan(time.now + 1_000)
    time.now += 1_000
    expect((await fast.client.sync()).pushed).toBe(1)
    await other.client.sync()
    const server = await serverStore.getRecord('note', 'n1')
    expect(recordValues(server as SyncRecord)).toEqual({ title: 'fast', body: 'other' })
    expect(await fast.store.getRecord('note', 'n1')).toEqual(server)
    expect(await other.store.getRecord('note', 'n1')).toEqual(server)
  })
})

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkReplicas } from '../../../web/core/sync/checkReplicas'
import { runConvergence } from '../../../web/core/sync/convergence'
import { formatHlc, HlcClock } from '../../../web/core/sync/Hlc'
import { InMemorySyncClientStore } from '../../../web/core/sync/InMemorySyncClientStore'
import { seededRandom } from '../../../web/core/sync/seededRandom'
import { SyncClient } from '../../../web/core/sync/SyncClient'
import { SyncServer } from '../../../web/core/sync/SyncServer'
import type { SyncRecord } from '../../../web/core/sync/SyncRecord'
import { migrate } from './migrations'
import { SqliteDriver } from './SqliteDriver'
import { SqlSyncStore } from './SqlSyncStore'

const record = (id: string, deletedAt?: number): SyncRecord => ({
  kind: 'note',
  id,
  fields: { t: { value: id, hlc: formatHlc({ wall: 1, counter: 0, node: 'a' }) } },
  deleted:
    deletedAt === undefined
      ? null
      : { value: true, hlc: formatHlc({ wall: deletedAt, counter: 0, node: 'a' }) },
  conflicts: [],
})

describe('SqlSyncStore', () => {
  const dirs: string[] = []
  const drivers: SqliteDriver[] = []
  afterEach(async () => {
    for (const driver of drivers.splice(0)) await driver.close()
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  const open = async (file?: string) => {
    if (!file) {
      const dir = mkdtempSync(join(tmpdir(), 'quire-sync-'))
      dirs.push(dir)
      file = join(dir, 'quire.db')
    }
    const driver = new SqliteDriver(file)
    drivers.push(driver)
    await migrate(driver)
    return { store: new SqlSyncStore(driver), driver, file }
  }

  it('moves a rewritten record to the end of the log', async () => {
    const { store } = await open()
    expect(await store.latestSeq()).toBe(0)
    expect(await store.putRecord(record('a'))).toBe(1)
    expect(await store.putRecord(record('b'))).toBe(2)
    expect(await store.putRecord(record('a'))).toBe(3)
    expect((await store.changesAfter(0, 10)).map((c) => [c.record.id, c.seq])).toEqual([
      ['b', 2],
      ['a', 3],
    ])
    expect((await store.changesAfter(2, 10)).map((c) => c.seq)).toEqual([3])
    expect((await store.changesAfter(0, 1)).map((c) => c.seq)).toEqual([2])
    expect(await store.latestSeq()).toBe(3)
  })

  it('hands out seqs in order to concurrent puts, each once', async () => {
    const { store } = await open()
    const seqs = await Promise.all(['a', 'b', 'c', 'a', 'd'].map((id) => store.putRecord(record(id))))
    expect(seqs).toEqual([1, 2, 3, 4, 5])
    expect((await store.changesAfter(0, 10)).map((c) => [c.record.id, c.seq])).toEqual([
      ['b', 2],
      ['c', 3],
      ['a', 4],
      ['d', 5],
    ])
  })

  it('hands out copies and keeps records distinct by kind', async () => {
    const { store } = await open()
    const mine = record('a')
    await store.putRecord(mine)
    await store.putRecord({ ...record('a'), kind: 'tag' })
    mine.id = 'changed'
    const read = await store.getRecord('note', 'a')
    if (read) read.fields = {}
    expect((await store.getRecord('note', 'a'))?.fields.t?.value).toBe('a')
    expect((await store.getRecord('tag', 'a'))?.kind).toBe('tag')
    expect(await store.getRecord('note', 'missing')).toBeUndefined()
  })

  it('keeps applied counters per client', async () => {
    const { store } = await open()
    expect(await store.appliedCounter('x')).toBe(0)
    await store.setAppliedCounter('x', 3)
    await store.setAppliedCounter('y', 1)
    await store.setAppliedCounter('x', 4)
    expect([await store.appliedCounter('x'), await store.appliedCounter('y')]).toEqual([4, 1])
  })

  it('compacts only tombstones older than the window and raises the horizon to their seq', async () => {
    const { store } = await open()
    await store.putRecord(record('old', 100)) // seq 1
    await store.putRecord(record('live')) // seq 2
    await store.putRecord(record('recent', 950)) // seq 3
    await store.putRecord({
      ...record('restored'),
      deleted: { value: false, hlc: formatHlc({ wall: 5, counter: 0, node: 'a' }) },
    })
    expect((await store.compact(100, 1000)).map((r) => r.id)).toEqual(['old'])
    expect(await store.horizon()).toBe(1)
    expect((await store.allRecords()).map((r) => r.id)).toEqual(['live', 'recent', 'restored'])
    expect(await store.latestSeq()).toBe(4)
    expect(await store.compact(100, 1000)).toEqual([])
    expect((await store.compact(10, 1000)).map((r) => r.id)).toEqual(['recent'])
    expect(await store.horizon()).toBe(3)
    // A deleted record written live again leaves compaction's reach.
    await store.putRecord(record('again', 10))
    await store.putRecord({
      ...record('again'),
      deleted: { value: false, hlc: formatHlc({ wall: 20, counter: 0, node: 'a' }) },
    })
    expect(await store.compact(0, 1000)).toEqual([])
  })

  it('keeps log, counters, horizon and the highest stamp across a reopen', async () => {
    const first = await open()
    expect(await first.store.highestStamp()).toBeUndefined()
    await first.store.putRecord(record('gone', 50))
    await first.store.putRecord({
      ...record('b'),
      fields: { t: { value: 1, hlc: formatHlc({ wall: 900, counter: 2, node: 'z' }) } },
    })
    await first.store.putRecord(record('c'))
    await first.store.setAppliedCounter('x', 7)
    await first.store.compact(10, 1000)
    await first.driver.close()
    const again = await open(first.file)
    expect(await again.store.latestSeq()).toBe(3)
    expect(await again.store.horizon()).toBe(1)
    expect(await again.store.appliedCounter('x')).toBe(7)
    expect(await again.store.highestStamp()).toBe(formatHlc({ wall: 900, counter: 2, node: 'z' }))
    expect(await again.store.putRecord(record('d'))).toBe(4)
  })

  // runConvergence builds its own InMemorySyncServerStore; until it accepts another store, this runs
  // the engines over the SQL store with seeded random edits, deletes and restores on a clean network.
  it('three clients editing at random converge with a SyncServer over it', async () => {
    const { store } = await open()
    let now = 1_700_000_000_000
    const server = new SyncServer(store, new HlcClock('server', () => now))
    const rng = seededRandom(42)
    const clients = ['c0', 'c1', 'c2'].map((name) => {
      const local = new InMemorySyncClientStore()
      const client = new SyncClient({
        clientId: name,
        store: local,
        clock: new HlcClock(name, () => now + rng.int(-5_000, 5_000)),
        transport: {
          push: (id, mutations) => server.push(id, structuredClone(mutations)),
          pull: (after, limit, resync) => server.pull(after, limit, resync),
        },
        pushBatchSize: 4,
        pullLimit: 3,
      })
      return { name, store: local, client }
    })
    for (let step = 0; step < 300; step++) {
      now += rng.int(100, 2_000)
      const sim = rng.pick(clients)
      const id = `r${rng.int(1, 6)}`
      const roll = rng.next()
      if (roll < 0.3) await sim.client.sync()
      else if (roll < 0.8) await sim.client.change('note', id, { title: `t${rng.int(0, 9)}` })
      else await sim.client.remove('note', id)
      if (step % 50 === 49) await store.compact(20_000, now)
    }
    for (let round = 0; round < 2; round++) for (const sim of clients) await sim.client.sync()
    expect(await checkReplicas(await store.allRecords(), clients)).toEqual([])
  })

  it('runs the seeded convergence simulation as the server store, with compaction and resets', async () => {
    const { store } = await open()
    const report = await runConvergence(7, { serverStore: store, steps: 600 })
    expect(report.problems).toEqual([])
    expect(report.ok).toBe(true)
    expect(report.stats.compactedRecords).toBeGreaterThan(0)
  }, 60_000)
})

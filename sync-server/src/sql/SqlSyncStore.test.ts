import { afterEach, describe, expect, it } from 'vitest'
import { checkReplicas } from '../../../web/core/sync/checkReplicas'
import { runConvergence } from '../../../web/core/sync/convergence'
import { formatHlc, HlcClock } from '../../../web/core/sync/Hlc'
import { InMemorySyncClientStore } from '../../../web/core/sync/InMemorySyncClientStore'
import { seededRandom } from '../../../web/core/sync/seededRandom'
import { SyncClient } from '../../../web/core/sync/SyncClient'
import { SyncServer } from '../../../web/core/sync/SyncServer'
import { syncServerStoreConformance } from '../../../web/core/testing/conformance/sync/syncServerStoreConformance'
import type { SyncRecord } from '../../../web/core/sync/SyncRecord'
import { testSqlDialects, type TestSqlDatabase } from '../../test/postgres/testSqlDialects'
import { migrate } from './migrations'
import type { SqlDriver } from './SqlDriver'
import { SqlSyncStore } from './SqlSyncStore'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

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

const dialects = testSqlDialects()

for (const dialect of dialects)
  describe(`SqlSyncStore (${dialect.name})`, () => {
    const drivers: SqlDriver[] = []
    afterEach(async () => {
      for (const driver of drivers.splice(0)) await driver.close()
    })
    const open = async (database?: TestSqlDatabase) => {
      database ??= await dialect.fresh()
      const driver = database.connect()
      drivers.push(driver)
      await migrate(driver)
      return { store: new SqlSyncStore(driver), driver, database }
    }

    for (const testCase of syncServerStoreConformance) {
      it(testCase.name, async () => {
        const { store } = await open()
        await testCase.run({
          store,
          compact: (retentionMs, now) => store.compact(retentionMs, now),
          allRecords: () => store.allRecords(),
        })
      })
    }

    it('stores nothing of a push whose transaction fails part way (a crash mid-batch)', async () => {
      const { driver } = await open()
      await new SqlSyncStore(driver).putRecord(record('before'))
      // The database fails after the push's first records are written, inside its transaction.
      const failing: SqlDriver = {
        dialect: driver.dialect,
        exec: (sql) => driver.exec(sql),
        all: (sql, params) => driver.all(sql, params),
        get: (sql, params) => driver.get(sql, params),
        run: (sql, params) => driver.run(sql, params),
        batch: (statements) =>
          driver.batch([...statements.slice(0, 4), { sql: 'SELECT * FROM no_such_table' }]),
        exclusive: (work) => driver.exclusive(work),
        close: () => driver.close(),
      }
      const store = new SqlSyncStore(failing)
      await expect(store.putPushed([record('a'), record('b'), record('c')], 'c1', 3)).rejects.toThrow()
      expect((await store.allRecords()).map((r) => r.id)).toEqual(['before'])
      expect(await store.appliedCounter('c1')).toBe(0)
      expect(await store.latestSeq()).toBe(1)
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
      const again = await open(first.database)
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

    it(
      'runs the seeded convergence simulation as the server store, with compaction and resets',
      async () => {
        const { store } = await open()
        const report = await runConvergence(7, { serverStore: store, steps: 600 })
        expect(report.problems).toEqual([])
        expect(report.ok).toBe(true)
        expect(report.stats.compactedRecords).toBeGreaterThan(0)
      },
      scaledTimeout(60_000),
    )
  })

describe('SqlSyncStore on PostgreSQL with several instances', () => {
  const postgres = dialects.find((dialect) => dialect.name === 'PostgreSQL')!

  // Four stores over one person's schema are four instances: each has its own in-process queue, so
  // their puts run at once and only the database orders them. A reader pulls all along, moving its
  // cursor as a device does; a seq committed after a higher one was read would never reach it.
  it('never lets a pull skip a change: writes commit in seq order', async () => {
    const database = await postgres.fresh()
    const instances: SqlSyncStore[] = []
    const drivers: SqlDriver[] = []
    for (let i = 0; i < 5; i++) {
      const driver = database.connect()
      await migrate(driver)
      drivers.push(driver)
      instances.push(new SqlSyncStore(driver))
    }
    const reader = instances.pop()!
    const written = new Set<string>()
    let writing = true
    const writers = Promise.all(
      instances.map(async (store, i) => {
        for (let n = 0; n < 60; n++) {
          const id = `w${i}-${n}`
          await store.putRecord(record(id))
          written.add(id)
        }
      }),
    ).finally(() => (writing = false))
    const seen = new Set<string>()
    let cursor = 0
    let pulls = 0
    for (;;) {
      const done = !writing
      const changes = await reader.changesAfter(cursor, 7)
      pulls++
      for (const change of changes) seen.add(change.record.id)
      cursor = changes.at(-1)?.seq ?? cursor
      if (done && changes.length === 0) break
    }
    await writers
    expect(pulls).toBeGreaterThan(10)
    expect(written.size).toBe(240)
    expect([...written].filter((id) => !seen.has(id))).toEqual([])
    expect(await reader.latestSeq()).toBe(240)
    for (const driver of drivers) await driver.close()
  })
})

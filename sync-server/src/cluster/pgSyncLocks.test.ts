import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatHlc, HlcClock } from '../../../web/core/sync/Hlc'
import { InMemorySyncServerStore } from '../../../web/core/sync/InMemorySyncServerStore'
import { SyncServer, type Mutation } from '../../../web/core/sync/SyncServer'
import { createTestDatabase, type TestDatabase } from '../../test/postgres/createTestDatabase'
import { pgSyncLocks, type SyncLocks } from './pgSyncLocks'

let database: TestDatabase
const opened: SyncLocks[] = []

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  for (const locks of opened) await locks.close()
  await database.drop()
})

const edit = (field: string, value: string, wall: number): Mutation => ({
  counter: 1,
  change: {
    kind: 'note',
    id: 'shared',
    fields: { [field]: { value, hlc: formatHlc({ wall, counter: 0, node: field }) } },
  },
})

/** A log whose reads take a while to come back, as a database's do: unguarded read-merge-writes overlap. */
class SlowLog extends InMemorySyncServerStore {
  override async getRecord(kind: string, id: string) {
    const record = await super.getRecord(kind, id)
    await new Promise((resolve) => setTimeout(resolve, 100))
    return record
  }
}

/** Two instances' SyncServers over one log (the store), each with its own locks pool, as two processes. */
async function twoInstances(withLocks: boolean) {
  const store = new SlowLog()
  const servers = [0, 1].map((i) => {
    const locks = pgSyncLocks({ connectionString: database.url }, 2)
    opened.push(locks)
    const exclusive = withLocks ? locks.exclusiveFor('person') : undefined
    return new SyncServer(store, new HlcClock(`server-${i}`, () => Date.now()), exclusive)
  })
  return { store, servers: servers as [SyncServer, SyncServer] }
}

describe('pgSyncLocks', () => {
  it('keeps both of two devices’ edits to one record pushed through two instances at once', async () => {
    const now = Date.now()
    for (const withLocks of [false, true]) {
      const { store, servers } = await twoInstances(withLocks)
      const [a, b] = servers
      await Promise.all([
        a.push('laptop', [edit('title', 'from the laptop', now)]),
        b.push('phone', [edit('body', 'from the phone', now)]),
      ])
      const fields = Object.keys((await store.getRecord('note', 'shared'))?.fields ?? {}).sort()
      // Without the lock the two read-merge-writes interleave and the second drops the first's field.
      expect(fields).toEqual(withLocks ? ['body', 'title'] : [expect.any(String)])
    }
  })

  it('serializes one person across instances and lets another person through meanwhile', async () => {
    const first = pgSyncLocks({ connectionString: database.url }, 2)
    const second = pgSyncLocks({ connectionString: database.url }, 2)
    opened.push(first, second)
    const order: string[] = []
    let release!: () => void
    const held = first.exclusiveFor('alice')(async () => {
      order.push('alice on A')
      await new Promise<void>((resolve) => (release = resolve))
      order.push('alice on A done')
    })
    await expect.poll(() => order).toEqual(['alice on A'])
    const waiting = second.exclusiveFor('alice')(async () => {
      order.push('alice on B')
    })
    await second.exclusiveFor('bob')(async () => {
      order.push('bob on B')
    })
    release()
    await Promise.all([held, waiting])
    expect(order).toEqual(['alice on A', 'bob on B', 'alice on A done', 'alice on B'])
  })

  it('serializes uploads to one collection across instances, not other collections or the sync log', async () => {
    const first = pgSyncLocks({ connectionString: database.url }, 2)
    const second = pgSyncLocks({ connectionString: database.url }, 2)
    opened.push(first, second)
    const order: string[] = []
    let release!: () => void
    const held = first.collectionFor('alice')('harbour', async () => {
      order.push('harbour on A')
      await new Promise<void>((resolve) => (release = resolve))
      order.push('harbour on A done')
    })
    await expect.poll(() => order).toEqual(['harbour on A'])
    const waiting = second.collectionFor('alice')('harbour', async () => {
      order.push('harbour on B')
    })
    await second.collectionFor('alice')('tides', async () => {
      order.push('tides on B')
    })
    await second.collectionFor('bob')('harbour', async () => {
      order.push('bob harbour on B')
    })
    await second.exclusiveFor('alice')(async () => {
      order.push('alice sync on B')
    })
    release()
    await Promise.all([held, waiting])
    expect(order).toEqual([
      'harbour on A',
      'tides on B',
      'bob harbour on B',
      'alice sync on B',
      'harbour on A done',
      'harbour on B',
    ])
  })
})

import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { syncClientStoreConformance } from '../../core/testing/conformance/sync/syncClientStoreConformance'
import { DexieSyncClientStore } from './DexieSyncClientStore'
import { QuireDatabase } from './QuireDatabase'

describe('DexieSyncClientStore (fake-indexeddb)', () => {
  for (const testCase of syncClientStoreConformance) {
    it(testCase.name, async () => {
      const indexedDB = new IDBFactory()
      const open = () => new QuireDatabase('quire-sync-test', { indexedDB, IDBKeyRange })
      const first = open()
      try {
        await testCase.run({
          store: new DexieSyncClientStore(first),
          reopen: async () => {
            first.close()
            return new DexieSyncClientStore(open())
          },
        })
      } finally {
        first.close()
      }
    })
  }
})

describe('DexieSyncClientStore: its own state', () => {
  it('counts the outbox, keeps state values, and reset forgets replica, outbox and state', async () => {
    const db = new QuireDatabase('quire-sync-state-test', { indexedDB: new IDBFactory(), IDBKeyRange })
    const store = new DexieSyncClientStore(db)
    const hlc = '000001700000000000-000000-a'
    for (const counter of [1, 2, 3]) {
      await store.addToOutbox({ counter, change: { kind: 'note', id: `n${counter}`, fields: {} } })
    }
    await store.putRecord({
      kind: 'note',
      id: 'n1',
      fields: { text: { value: ['x'], hlc } },
      deleted: null,
      conflicts: [],
    })
    await store.setState('account', 'https://quire.example.com user-1')
    await store.setCursor(42)
    expect(await store.outboxSize()).toBe(3)
    expect(await store.state('account')).toBe('https://quire.example.com user-1')

    await store.reset()
    expect(await store.outboxSize()).toBe(0)
    expect(await store.allRecords()).toEqual([])
    expect(await store.state('account')).toBeUndefined()
    expect(await store.cursor()).toBe(0)
    expect(await store.nextCounter()).toBe(1)
    db.close()
  })
})

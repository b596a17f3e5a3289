import { describe, expect, it } from 'vitest'
import { InMemorySyncClientStore } from './InMemorySyncClientStore'
import type { Mutation } from './SyncServer'

const m = (counter: number): Mutation => ({
  counter,
  change: { kind: 'note', id: `n${counter}`, fields: {} },
})

describe('InMemorySyncClientStore', () => {
  it('keeps the outbox in counter order and removes acknowledged mutations', async () => {
    const store = new InMemorySyncClientStore()
    expect([await store.nextCounter(), await store.nextCounter()]).toEqual([1, 2])
    await store.addToOutbox(m(1))
    await store.addToOutbox(m(2))
    await store.addToOutbox(m(3))
    await expect(store.addToOutbox(m(2))).rejects.toThrow(RangeError)
    await store.removeFromOutbox(2)
    expect((await store.outbox()).map((x) => x.counter)).toEqual([3])
    await store.replaceOutbox([{ ...m(3), change: { kind: 'note', id: 'other', fields: {} } }])
    expect((await store.outbox())[0]?.change.id).toBe('other')
  })

  it('stores, copies and forgets records', async () => {
    const store = new InMemorySyncClientStore()
    const record = { kind: 'note', id: 'a', fields: {}, deleted: null, conflicts: [] }
    await store.putRecord(record)
    record.id = 'mutated'
    expect((await store.getRecord('note', 'a'))?.id).toBe('a')
    await store.deleteRecord('note', 'a')
    expect(await store.allRecords()).toEqual([])
    await store.setCursor(7)
    expect(await store.cursor()).toBe(7)
  })
})

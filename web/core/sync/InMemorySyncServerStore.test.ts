import { describe, expect, it } from 'vitest'
import { formatHlc } from './Hlc'
import { InMemorySyncServerStore } from './InMemorySyncServerStore'
import type { SyncRecord } from './SyncRecord'

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

describe('InMemorySyncServerStore', () => {
  it('moves a rewritten record to the end of the log', async () => {
    const store = new InMemorySyncServerStore()
    expect(await store.putRecord(record('a'))).toBe(1)
    expect(await store.putRecord(record('b'))).toBe(2)
    expect(await store.putRecord(record('a'))).toBe(3)
    expect((await store.changesAfter(0, 10)).map((c) => [c.record.id, c.seq])).toEqual([
      ['b', 2],
      ['a', 3],
    ])
    expect((await store.changesAfter(2, 10)).map((c) => c.seq)).toEqual([3])
    expect(await store.latestSeq()).toBe(3)
  })

  it('hands out copies', async () => {
    const store = new InMemorySyncServerStore()
    const mine = record('a')
    await store.putRecord(mine)
    mine.id = 'changed'
    const read = await store.getRecord('note', 'a')
    if (read) read.fields = {}
    expect((await store.getRecord('note', 'a'))?.fields.t?.value).toBe('a')
  })

  it('compacts only tombstones older than the window and raises the horizon to their seq', async () => {
    const store = new InMemorySyncServerStore()
    await store.putRecord(record('old', 100)) // seq 1
    await store.putRecord(record('live')) // seq 2
    await store.putRecord(record('recent', 950)) // seq 3
    await store.putRecord({
      ...record('restored'),
      deleted: { value: false, hlc: formatHlc({ wall: 5, counter: 0, node: 'a' }) },
    })
    expect(store.compact(100, 1000).map((r) => r.id)).toEqual(['old'])
    expect(await store.horizon()).toBe(1)
    expect(store.allRecords().map((r) => r.id)).toEqual(['live', 'recent', 'restored'])
    expect(await store.latestSeq()).toBe(4)
    expect(store.compact(10, 1000).map((r) => r.id)).toEqual(['recent'])
    expect(await store.horizon()).toBe(3)
  })
})

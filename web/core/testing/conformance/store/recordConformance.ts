import { check, checkEqual } from '../../check'
import type { HostCase } from '../../HostCase'
import type { StoredRecord } from '../../../store/StoredRecord'
import type { StoreConformanceContext } from './StoreConformanceContext'

function record(kind: string, id: string, created: number, extra: Partial<StoredRecord> = {}): StoredRecord {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, created)).toISOString()
  return { kind, id, parent_id: null, data: { name: id }, created_at: at, updated_at: at, ...extra }
}

/** Platform records: put, replace, list by kind and parent in order, atomic batches, JSON round trips. */
export const recordConformance: HostCase<StoreConformanceContext>[] = [
  {
    name: 'puts, gets, replaces and deletes records by kind and id',
    async run({ store, reopen }) {
      checkEqual(await store.records.getRecord('persona', 'p1'), undefined, 'nothing at first')
      const data = { name: 'Tutor', nested: { tags: ['a', 'ü'], n: 1.5, none: null }, flag: true }
      await store.records.writeRecords([{ put: record('persona', 'p1', 1, { data }) }])
      await store.records.writeRecords([{ put: record('tag', 'p1', 1) }])
      checkEqual((await store.records.getRecord('persona', 'p1'))?.data, data, 'JSON data round-trips')
      checkEqual((await store.records.getRecord('tag', 'p1'))?.data, { name: 'p1' }, 'same id, other kind')
      const replaced = record('persona', 'p1', 1, {
        data: { name: 'Coach' },
        updated_at: '2026-02-01T00:00:00.000Z',
      })
      await store.records.writeRecords([{ put: replaced }])
      const reopened = await reopen()
      checkEqual(
        await reopened.records.getRecord('persona', 'p1'),
        replaced,
        'replaced whole, after reopening',
      )
      await reopened.records.writeRecords([
        { delete: { kind: 'persona', id: 'p1' } },
        { delete: { kind: 'persona', id: 'nope' } },
      ])
      checkEqual(await reopened.records.getRecord('persona', 'p1'), undefined, 'deleted')
      check((await reopened.records.getRecord('tag', 'p1')) !== undefined, 'the other kind stays')
    },
  },
  {
    name: 'lists a kind oldest first, by parent when asked, keeping the place of replaced records',
    async run({ store }) {
      await store.records.writeRecords([
        { put: record('message', 'm2', 2, { parent_id: 'c1' }) },
        { put: record('message', 'm1', 1, { parent_id: 'c1' }) },
        { put: record('message', 'x1', 1, { parent_id: 'c2' }) },
        { put: record('message', 'm3', 2, { parent_id: 'c1' }) },
        { put: record('conversation', 'c1', 0) },
      ])
      checkEqual(
        (await store.records.listRecords('message')).map((r) => r.id),
        ['m1', 'x1', 'm2', 'm3'],
        'by time, then insertion',
      )
      checkEqual(
        (await store.records.listRecords('message', { parentId: 'c1' })).map((r) => r.id),
        ['m1', 'm2', 'm3'],
        'one parent',
      )
      checkEqual(await store.records.listRecords('message', { parentId: 'none' }), [], 'no such parent')
      await store.records.writeRecords([
        { put: record('message', 'm2', 2, { parent_id: 'c1', data: { name: 'edited' } }) },
      ])
      checkEqual(
        (await store.records.listRecords('message', { parentId: 'c1' })).map((r) => r.id),
        ['m1', 'm2', 'm3'],
        'an edit keeps its place',
      )
      checkEqual(await store.records.listRecords('nothing'), [], 'an unknown kind is empty')
    },
  },
  {
    name: 'writes a batch all or nothing',
    async run({ store }) {
      await store.records.writeRecords([{ put: record('route', 'r1', 1) }])
      const broken = { ...record('route', 'r2', 2), data: { loop: BigInt(1) } } as unknown as StoredRecord
      let failed = false
      try {
        await store.records.writeRecords([
          { put: record('route', 'r3', 3) },
          { delete: { kind: 'route', id: 'r1' } },
          { put: broken },
        ])
      } catch {
        failed = true
      }
      check(failed, 'a batch with a record that cannot be stored fails')
      checkEqual(
        (await store.records.listRecords('route')).map((r) => r.id),
        ['r1'],
        'and none of it took effect',
      )
    },
  },
]

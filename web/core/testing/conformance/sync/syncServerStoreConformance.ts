import { check, checkEqual } from '../../check'
import { formatHlc } from '../../../sync/Hlc'
import type { SyncServerStore } from '../../../sync/SyncServer'
import type { SyncRecord } from '../../../sync/SyncRecord'

/** A server store under test, with the compaction every server store has beside the port. */
export interface SyncServerStoreSubject {
  store: SyncServerStore
  /** Drops tombstones older than `retentionMs` at `now`; resolves what it dropped. */
  compact(retentionMs: number, now: number): Promise<SyncRecord[]>
  /** Every record still in the log, in seq order. */
  allRecords(): Promise<SyncRecord[]>
}

export interface SyncServerStoreCase {
  name: string
  run(subject: SyncServerStoreSubject): Promise<void>
}

const stamp = (wall: number) => formatHlc({ wall, counter: 0, node: 'a' })

const record = (id: string, deletedAt?: number): SyncRecord => ({
  kind: 'note',
  id,
  fields: { t: { value: id, hlc: stamp(1) } },
  deleted: deletedAt === undefined ? null : { value: true, hlc: stamp(deletedAt) },
  conflicts: [],
})

const restored = (id: string, at: number): SyncRecord => ({
  ...record(id),
  deleted: { value: false, hlc: stamp(at) },
})

const ids = (records: readonly SyncRecord[]) => records.map((r) => r.id)

/** What every server store (memory, SQLite) must do; each adapter's test runs these cases. */
export const syncServerStoreConformance: SyncServerStoreCase[] = [
  {
    name: 'moves a rewritten record to the end of the log',
    async run({ store }) {
      checkEqual(await store.latestSeq(), 0, 'an empty log')
      checkEqual(
        [
          await store.putRecord(record('a')),
          await store.putRecord(record('b')),
          await store.putRecord(record('a')),
        ],
        [1, 2, 3],
        'seqs',
      )
      const log = (await store.changesAfter(0, 10)).map((c) => [c.record.id, c.seq])
      checkEqual(
        log,
        [
          ['b', 2],
          ['a', 3],
        ],
        'each record once, at its latest seq',
      )
      checkEqual(
        (await store.changesAfter(2, 10)).map((c) => c.seq),
        [3],
        'after a cursor',
      )
      checkEqual(
        (await store.changesAfter(0, 1)).map((c) => c.seq),
        [2],
        'limited',
      )
      checkEqual(await store.latestSeq(), 3, 'latest seq')
    },
  },
  {
    name: 'hands out seqs in order to concurrent puts, each once',
    async run({ store }) {
      const seqs = await Promise.all(['a', 'b', 'c', 'a', 'd'].map((id) => store.putRecord(record(id))))
      checkEqual(seqs, [1, 2, 3, 4, 5], 'seqs')
      const log = (await store.changesAfter(0, 10)).map((c) => [c.record.id, c.seq])
      checkEqual(
        log,
        [
          ['b', 2],
          ['c', 3],
          ['a', 4],
          ['d', 5],
        ],
        'the log',
      )
    },
  },
  {
    name: 'hands out copies and keeps records distinct by kind',
    async run({ store }) {
      const mine = record('a')
      await store.putRecord(mine)
      await store.putRecord({ ...record('a'), kind: 'tag' })
      mine.id = 'changed'
      const read = await store.getRecord('note', 'a')
      if (read) read.fields = {}
      checkEqual((await store.getRecord('note', 'a'))?.fields.t?.value, 'a', 'the stored record, unchanged')
      checkEqual((await store.getRecord('tag', 'a'))?.kind, 'tag', 'the same id under another kind')
      check((await store.getRecord('note', 'missing')) === undefined, 'a missing record is undefined')
    },
  },
  {
    name: 'keeps applied counters per client',
    async run({ store }) {
      checkEqual(await store.appliedCounter('x'), 0, 'a new client')
      await store.setAppliedCounter('x', 3)
      await store.setAppliedCounter('y', 1)
      await store.setAppliedCounter('x', 4)
      checkEqual([await store.appliedCounter('x'), await store.appliedCounter('y')], [4, 1], 'counters')
    },
  },
  {
    name: 'compacts only tombstones older than the window and raises the horizon to their seq',
    async run({ store, compact, allRecords }) {
      await store.putRecord(record('old', 100)) // seq 1
      await store.putRecord(record('live')) // seq 2
      await store.putRecord(record('recent', 950)) // seq 3
      await store.putRecord(restored('restored', 5))
      checkEqual(ids(await compact(100, 1000)), ['old'], 'the old tombstone goes')
      checkEqual(await store.horizon(), 1, 'the horizon')
      checkEqual(ids(await allRecords()), ['live', 'recent', 'restored'], 'what stays')
      checkEqual(await store.latestSeq(), 4, 'compaction never lowers the latest seq')
      checkEqual(await compact(100, 1000), [], 'nothing more to drop')
      checkEqual(ids(await compact(10, 1000)), ['recent'], 'a shorter window')
      checkEqual(await store.horizon(), 3, 'the horizon rises')
      // A deleted record written live again leaves compaction's reach.
      await store.putRecord(record('again', 10))
      await store.putRecord(restored('again', 20))
      checkEqual(await compact(0, 1000), [], 'a restored record stays')
    },
  },
  {
    name: 'stores a push: its records, each at a new seq, with the client’s counter',
    async run({ store }) {
      await store.putRecord(record('a'))
      checkEqual(await store.putPushed([record('b'), record('a')], 'c1', 7), 3, 'the latest seq')
      checkEqual(await store.appliedCounter('c1'), 7, 'the counter moved with the records')
      checkEqual(
        (await store.changesAfter(1, 10)).map((c) => [c.record.id, c.seq]),
        [
          ['b', 2],
          ['a', 3],
        ],
        'each record at its new seq',
      )
    },
  },
]

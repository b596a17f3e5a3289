import { check, checkEqual } from '../../check'
import type { SyncClientStore } from '../../../sync/SyncClient'
import type { Mutation } from '../../../sync/SyncServer'
import type { SyncRecord } from '../../../sync/SyncRecord'

/** A store under test, and a way to open another one over the same data (to prove it persists). */
export interface SyncClientStoreSubject {
  store: SyncClientStore
  reopen(): Promise<SyncClientStore>
}

export interface SyncClientStoreCase {
  name: string
  run(subject: SyncClientStoreSubject): Promise<void>
}

const mutation = (counter: number, id = `n${counter}`): Mutation => ({
  counter,
  change: {
    kind: 'note',
    id,
    fields: { title: { value: `t${counter}`, hlc: `000000000000${counter}:0000:a` } },
  },
})

const record = (id: string, title: unknown): SyncRecord => ({
  kind: 'note',
  id,
  fields: { title: { value: title, hlc: '0000000000001:0000:a' } },
  deleted: null,
  conflicts: [],
})

/** What every device replica (in memory, Dexie) must do; each adapter's test runs these cases. */
export const syncClientStoreConformance: SyncClientStoreCase[] = [
  {
    name: 'keeps the outbox in counter order, removes acknowledged mutations and replaces it whole',
    async run({ store, reopen }) {
      checkEqual([await store.nextCounter(), await store.nextCounter()], [1, 2], 'counters from 1')
      await store.addToOutbox(mutation(1))
      await store.addToOutbox(mutation(2))
      await store.addToOutbox(mutation(3))
      let refused = false
      await store.addToOutbox(mutation(2, 'again')).catch(() => (refused = true))
      check(refused, 'a counter that does not follow the last is refused')
      await store.removeFromOutbox(2)
      checkEqual(
        (await store.outbox()).map((m) => m.counter),
        [3],
        'acknowledged ones are gone',
      )
      await store.replaceOutbox([mutation(3, 'restamped'), mutation(4)])
      checkEqual(
        (await store.outbox()).map((m) => m.counter),
        [3, 4],
        'replaced whole',
      )
      const reopened = await reopen()
      checkEqual(
        (await reopened.outbox()).map((m) => m.change.id),
        ['restamped', 'n4'],
        'replaced, after reopening',
      )
      checkEqual(await reopened.nextCounter(), 3, 'the counter survives reopening')
    },
  },
  {
    name: 'stores, copies and forgets records, and keeps the cursor',
    async run({ store, reopen }) {
      const original = record('a', { nested: ['ü', 1.5, null] })
      await store.putRecord(original)
      original.id = 'mutated'
      checkEqual(
        (await store.getRecord('note', 'a'))?.fields.title?.value,
        { nested: ['ü', 1.5, null] },
        'stored a copy',
      )
      await store.putRecord(record('b', 'second'))
      await store.putRecord(record('a', 'replaced'))
      await store.setCursor(7)
      const reopened = await reopen()
      checkEqual(
        (await reopened.allRecords()).map((r) => [r.id, r.fields.title?.value]).sort(),
        [
          ['a', 'replaced'],
          ['b', 'second'],
        ],
        'all records, after reopening',
      )
      checkEqual(await reopened.cursor(), 7, 'the cursor')
      await reopened.deleteRecord('note', 'a')
      checkEqual(await reopened.getRecord('note', 'a'), undefined, 'forgotten')
      checkEqual((await reopened.allRecords()).length, 1, 'the other stays')
    },
  },
  {
    name: 'queues local changes and writes their merges together, or none when a merge throws',
    async run({ store, reopen }) {
      await store.putRecord(record('a', 'stored'))
      const change = mutation(0, 'a').change
      let seen: unknown
      const [written] = await store.queueChanges([change], (_, stored) => {
        seen = stored?.fields.title?.value
        return record('a', 'merged')
      })
      checkEqual(seen, 'stored', 'the merge is given the stored record')
      checkEqual(written?.fields.title?.value, 'merged', 'the merged record is answered')
      checkEqual(
        (await store.outbox()).map((m) => [m.counter, m.change.id]),
        [[1, 'a']],
        'queued with the first counter',
      )
      const seenInBatch: unknown[] = []
      const batch = await store.queueChanges(
        [mutation(0, 'b').change, mutation(0, 'b').change],
        (_, stored) => {
          seenInBatch.push(stored?.fields.title?.value)
          return record('b', stored ? 'twice' : 'new')
        },
      )
      checkEqual(seenInBatch, [undefined, 'new'], 'no stored record at first, then the first merge')
      checkEqual(
        batch.map((r) => r.fields.title?.value),
        ['new', 'twice'],
        'each merge answered, in order',
      )

      let failed = false
      await store
        .queueChanges([mutation(0, 'c').change, mutation(0, 'a').change], (changed) => {
          if (changed.id === 'a') throw new Error('merge failed')
          return record('c', 'lost')
        })
        .catch(() => (failed = true))
      check(failed, 'a merge that throws fails the changes')
      const reopened = await reopen()
      checkEqual(
        (await reopened.outbox()).map((m) => [m.counter, m.change.id]),
        [
          [1, 'a'],
          [2, 'b'],
          [3, 'b'],
        ],
        'nothing queued by the failed changes, after reopening',
      )
      checkEqual(
        (await reopened.getRecord('note', 'a'))?.fields.title?.value,
        'merged',
        'its record as it was',
      )
      checkEqual(await reopened.getRecord('note', 'c'), undefined, 'nor the one before it in the batch')
      checkEqual(await reopened.nextCounter(), 4, 'and no counter taken')
    },
  },
]

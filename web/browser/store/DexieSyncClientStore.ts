import type { SyncClientStore } from '../../core/sync/SyncClient'
import type { Mutation } from '../../core/sync/SyncServer'
import type { SyncChange, SyncRecord } from '../../core/sync/SyncRecord'
import { jsonClone } from './jsonClone'
import type { QuireDatabase } from './QuireDatabase'

/**
 * The device's sync replica in IndexedDB: records with their field stamps, the outbox of local
 * mutations not yet acknowledged (by counter), and the cursor and counter, so that a reload or a
 * closed tab loses no edit and pushes nothing twice.
 */
export class DexieSyncClientStore implements SyncClientStore {
  constructor(private readonly db: QuireDatabase) {}

  async getRecord(kind: string, id: string): Promise<SyncRecord | undefined> {
    return (await this.db.syncRecords.get([kind, id])) ?? undefined
  }

  async putRecord(record: SyncRecord): Promise<void> {
    await this.db.syncRecords.put(jsonClone(record))
  }

  async deleteRecord(kind: string, id: string): Promise<void> {
    await this.db.syncRecords.delete([kind, id])
  }

  allRecords(): Promise<SyncRecord[]> {
    return this.db.syncRecords.toArray()
  }

  outbox(limit?: number): Promise<Mutation[]> {
    const ordered = this.db.syncOutbox.orderBy('counter')
    return (limit === undefined ? ordered : ordered.limit(limit)).toArray()
  }

  /** How many mutations wait (the status polls this: a count, not a read of the whole outbox). */
  outboxSize(): Promise<number> {
    return this.db.syncOutbox.count()
  }

  addToOutbox(mutation: Mutation): Promise<void> {
    return this.db.transaction('rw', this.db.syncOutbox, async () => {
      const last = await this.db.syncOutbox.orderBy('counter').last()
      if (last && mutation.counter <= last.counter) {
        throw new RangeError(`Outbox counter ${mutation.counter} does not follow ${last.counter}`)
      }
      await this.db.syncOutbox.add(jsonClone(mutation))
    })
  }

  async removeFromOutbox(upToCounter: number): Promise<void> {
    await this.db.syncOutbox.where('counter').belowOrEqual(upToCounter).delete()
  }

  replaceOutbox(mutations: readonly Mutation[]): Promise<void> {
    return this.db.transaction('rw', this.db.syncOutbox, async () => {
      await this.db.syncOutbox.clear()
      await this.db.syncOutbox.bulkAdd(jsonClone([...mutations]))
    })
  }

  async cursor(): Promise<number> {
    return ((await this.db.syncState.get('cursor'))?.value as number | undefined) ?? 0
  }

  async setCursor(seq: number): Promise<void> {
    await this.db.syncState.put({ key: 'cursor', value: seq })
  }

  /** A value of this replica's own state (its client id, the account it belongs to...). */
  async state(key: string): Promise<unknown> {
    return (await this.db.syncState.get(key))?.value
  }

  async setState(key: string, value: unknown): Promise<void> {
    await this.db.syncState.put({ key, value: jsonClone(value) })
  }

  /**
   * Forgets the replica, the outbox and all state (cursor, counter, client id): the device is
   * signed out, and what it holds will be offered to the next account it signs in to as new.
   */
  reset(): Promise<void> {
    return this.db.transaction(
      'rw',
      [this.db.syncRecords, this.db.syncOutbox, this.db.syncState],
      async () => {
        await this.db.syncRecords.clear()
        await this.db.syncOutbox.clear()
        await this.db.syncState.clear()
      },
    )
  }

  nextCounter(): Promise<number> {
    // Read and write in one transaction: two tabs never get the same counter.
    return this.db.transaction('rw', this.db.syncState, async () => {
      const next = (((await this.db.syncState.get('counter'))?.value as number | undefined) ?? 0) + 1
      await this.db.syncState.put({ key: 'counter', value: next })
      return next
    })
  }

  /**
   * One transaction: the counters, the outbox and the records, or none of them (a merge that throws aborts
   * it). A few requests for the whole batch, not six for each change: each request costs the page a round
   * trip to the browser's storage.
   */
  queueChanges(
    changes: readonly SyncChange[],
    merge: (change: SyncChange, stored: SyncRecord | undefined) => SyncRecord,
  ): Promise<SyncRecord[]> {
    if (changes.length === 0) return Promise.resolve([])
    const { syncOutbox, syncRecords, syncState } = this.db
    return this.db.transaction('rw', syncOutbox, syncRecords, syncState, async () => {
      const [counter, last, stored] = await Promise.all([
        syncState.get('counter'),
        syncOutbox.orderBy('counter').last(),
        syncRecords.bulkGet(changes.map((change): [string, string] => [change.kind, change.id])),
      ])
      const first = ((counter?.value as number | undefined) ?? 0) + 1
      if (last && first <= last.counter) {
        throw new RangeError(`Outbox counter ${first} does not follow ${last.counter}`)
      }
      // A record changed twice in the batch is merged with its first merge.
      const merged = new Map<string, SyncRecord>()
      const written = changes.map((change, i) => {
        const key = JSON.stringify([change.kind, change.id])
        const before = merged.get(key)
        const record = merge(change, before ? structuredClone(before) : (stored[i] ?? undefined))
        merged.set(key, record)
        return record
      })
      await syncState.put({ key: 'counter', value: first + changes.length - 1 })
      await syncOutbox.bulkAdd(jsonClone(changes.map((change, i) => ({ counter: first + i, change }))))
      await syncRecords.bulkPut(jsonClone([...merged.values()]))
      return written
    })
  }
}

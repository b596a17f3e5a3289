import type { SyncClientStore } from './SyncClient'
import type { Mutation } from './SyncServer'
import type { SyncChange, SyncRecord } from './SyncRecord'

const keyOf = (kind: string, id: string): string => `${kind}\u0000${id}`

/** A device replica in memory, for tests and the convergence simulation (values cloned in and out). */
export class InMemorySyncClientStore implements SyncClientStore {
  private readonly records = new Map<string, SyncRecord>()
  private queue: Mutation[] = []
  private seq = 0
  private counter = 0

  async getRecord(kind: string, id: string): Promise<SyncRecord | undefined> {
    const record = this.records.get(keyOf(kind, id))
    return record && structuredClone(record)
  }

  async putRecord(record: SyncRecord): Promise<void> {
    this.records.set(keyOf(record.kind, record.id), structuredClone(record))
  }

  async deleteRecord(kind: string, id: string): Promise<void> {
    this.records.delete(keyOf(kind, id))
  }

  async allRecords(): Promise<SyncRecord[]> {
    return [...this.records.values()].map((record) => structuredClone(record))
  }

  async outbox(limit?: number): Promise<Mutation[]> {
    return structuredClone(limit === undefined ? this.queue : this.queue.slice(0, limit))
  }

  async addToOutbox(mutation: Mutation): Promise<void> {
    const last = this.queue.at(-1)
    if (last && mutation.counter <= last.counter) {
      throw new RangeError(`Outbox counter ${mutation.counter} does not follow ${last.counter}`)
    }
    this.queue.push(structuredClone(mutation))
  }

  async removeFromOutbox(upToCounter: number): Promise<void> {
    this.queue = this.queue.filter((m) => m.counter > upToCounter)
  }

  async replaceOutbox(mutations: readonly Mutation[]): Promise<void> {
    this.queue = structuredClone([...mutations])
  }

  async cursor(): Promise<number> {
    return this.seq
  }

  async setCursor(seq: number): Promise<void> {
    this.seq = seq
  }

  async nextCounter(): Promise<number> {
    return ++this.counter
  }

  /** Merged first: a merge that throws leaves the outbox, the counter and the records as they were. */
  async queueChanges(
    changes: readonly SyncChange[],
    merge: (change: SyncChange, stored: SyncRecord | undefined) => SyncRecord,
  ): Promise<SyncRecord[]> {
    const merged = new Map<string, SyncRecord>()
    const written = changes.map((change) => {
      const key = keyOf(change.kind, change.id)
      const stored = merged.get(key) ?? this.records.get(key)
      const record = merge(change, stored && structuredClone(stored))
      merged.set(key, record)
      return record
    })
    for (const [i, change] of changes.entries()) {
      await this.addToOutbox({ counter: await this.nextCounter(), change })
      await this.putRecord(written[i]!)
    }
    return written.map((record) => structuredClone(record))
  }
}

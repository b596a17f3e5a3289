import { parseHlc } from './Hlc'
import type { SyncServerStore } from './SyncServer'
import type { SyncRecord } from './SyncRecord'

const keyOf = (kind: string, id: string): string => `${kind}\u0000${id}`

/**
 * The server store in memory, for tests and the convergence simulation. Records are cloned in and
 * out, as a database would, so no caller can change stored state by holding on to an object.
 * `changesAfter` sorts every record: fine for tests, not for production sizes.
 */
export class InMemorySyncServerStore implements SyncServerStore {
  private readonly records = new Map<string, { seq: number; record: SyncRecord }>()
  private readonly applied = new Map<string, number>()
  private seq = 0
  private compactedThrough = 0

  async getRecord(kind: string, id: string): Promise<SyncRecord | undefined> {
    const entry = this.records.get(keyOf(kind, id))
    return entry && structuredClone(entry.record)
  }

  async putRecord(record: SyncRecord): Promise<number> {
    this.seq++
    this.records.set(keyOf(record.kind, record.id), { seq: this.seq, record: structuredClone(record) })
    return this.seq
  }

  /** All at once, with no await in between: nothing else sees part of it. */
  async putPushed(records: readonly SyncRecord[], clientId: string, counter: number): Promise<number> {
    for (const record of records) {
      this.seq++
      this.records.set(keyOf(record.kind, record.id), { seq: this.seq, record: structuredClone(record) })
    }
    this.applied.set(clientId, counter)
    return this.seq
  }

  async appliedCounter(clientId: string): Promise<number> {
    return this.applied.get(clientId) ?? 0
  }

  async setAppliedCounter(clientId: string, counter: number): Promise<void> {
    this.applied.set(clientId, counter)
  }

  async changesAfter(after: number, limit: number): Promise<Array<{ seq: number; record: SyncRecord }>> {
    return [...this.records.values()]
      .filter((entry) => entry.seq > after)
      .sort((a, b) => a.seq - b.seq)
      .slice(0, limit)
      .map((entry) => structuredClone(entry))
  }

  async latestSeq(): Promise<number> {
    return this.seq
  }

  async horizon(): Promise<number> {
    return this.compactedThrough
  }

  /** Every stored record, live or tombstoned (for tests). */
  allRecords(): SyncRecord[] {
    return [...this.records.values()].map((entry) => structuredClone(entry.record))
  }

  /**
   * Drops records deleted longer than `retentionMs` ago (by the tombstone's stamp) and raises the
   * horizon past them. Clients that pulled since have the delete; the others resync from 0. Returns
   * the dropped records.
   */
  compact(retentionMs: number, now: number): SyncRecord[] {
    const cutoff = now - retentionMs
    const dropped: SyncRecord[] = []
    for (const [key, entry] of this.records) {
      const tombstone = entry.record.deleted
      if (tombstone?.value !== true || parseHlc(tombstone.hlc).wall >= cutoff) continue
      this.records.delete(key)
      this.compactedThrough = Math.max(this.compactedThrough, entry.seq)
      dropped.push(entry.record)
    }
    return dropped
  }
}

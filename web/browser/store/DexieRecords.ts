import type { RecordStore } from '../../core/store/RecordStore'
import Dexie from 'dexie'
import type { RecordWrite, StoredRecord } from '../../core/store/StoredRecord'
import { jsonClone } from './jsonClone'
import type { QuireDatabase, RecordRow } from './QuireDatabase'

/** The platform records of the Store port (the `records` table of schema version 6). */
export class DexieRecords implements RecordStore {
  constructor(private readonly db: QuireDatabase) {}

  async getRecord(kind: string, id: string): Promise<StoredRecord | undefined> {
    const row = await this.db.records.where('[kind+id]').equals([kind, id]).first()
    return row && fromRow(row)
  }

  async listRecords(kind: string, filter: { parentId?: string } = {}): Promise<StoredRecord[]> {
    const rows =
      filter.parentId === undefined
        ? await this.db.records
            .where('[kind+created_at+seq]')
            .between([kind, Dexie.minKey, Dexie.minKey], [kind, Dexie.maxKey, Dexie.maxKey])
            .toArray()
        : await this.db.records
            .where('[kind+parent_id+created_at+seq]')
            .between(
              [kind, filter.parentId, Dexie.minKey, Dexie.minKey],
              [kind, filter.parentId, Dexie.maxKey, Dexie.maxKey],
            )
            .toArray()
    return rows.map(fromRow)
  }

  writeRecords(writes: readonly RecordWrite[]): Promise<void> {
    const { records } = this.db
    // One transaction: a failed write (or a thrown error) rolls every earlier one back.
    return this.db.transaction('rw', records, async () => {
      for (const write of writes) {
        if ('delete' in write) {
          await records.where('[kind+id]').equals([write.delete.kind, write.delete.id]).delete()
          continue
        }
        // A replaced record keeps its seq, so its place among equal created_at values stays.
        const existing = await records.where('[kind+id]').equals([write.put.kind, write.put.id]).first()
        const row: RecordRow = {
          ...jsonClone(write.put),
          ...(existing?.seq === undefined ? {} : { seq: existing.seq }),
        }
        await records.put(row)
      }
    })
  }
}

function fromRow(row: RecordRow): StoredRecord {
  const { seq: _seq, ...record } = row
  return record
}

import type { RecordWrite, StoredRecord } from './StoredRecord'

/** Platform records (plugins, routes, prompts...) by kind and id. A sub-port of Store (see Store.ts). */
export interface RecordStore {
  /** A platform record by kind and id. */
  getRecord(kind: string, id: string): Promise<StoredRecord | undefined>
  /** Records of a kind (only those under `parentId` when given), oldest first (`created_at`, then insertion). */
  listRecords(kind: string, filter?: { parentId?: string }): Promise<StoredRecord[]>
  /**
   * Puts and deletes in one transaction: all take effect or none. A put replaces the record with the
   * same kind and id (its insertion order is kept); deleting a missing record is no error.
   */
  writeRecords(writes: readonly RecordWrite[]): Promise<void>
}

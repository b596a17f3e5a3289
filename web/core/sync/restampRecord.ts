import { buildRecord, writesOf } from './mergeRecords'
import type { SyncRecord } from './SyncRecord'

/**
 * The record with some stamps replaced (`map`: old -> new), rebuilt so the highest stamp wins again:
 * a write re-stamped lower may now lose to a value it had beaten, which then becomes current. Used
 * when a client withdraws stamps the server refused (its clock was too far ahead).
 */
export function restampRecord(record: SyncRecord, map: ReadonlyMap<string, string>): SyncRecord {
  const writes = writesOf(record).map((w) => ({ ...w, hlc: map.get(w.hlc) ?? w.hlc }))
  const deleted = record.deleted
    ? { value: record.deleted.value, hlc: map.get(record.deleted.hlc) ?? record.deleted.hlc }
    : null
  return buildRecord(record.kind, record.id, writes, deleted)
}

import { mergeRecords, sameRecord } from './mergeRecords'
import type { SyncChange, SyncRecord } from './SyncRecord'

/**
 * Applies one write to a replica's record: per field (and for the tombstone) the higher stamp wins,
 * a loser is kept in `conflicts` by the rule of `buildRecord`. Merging the same change again, or
 * changes in another order, gives the same record. `changed` says whether anything is new (a store
 * can skip the write). Throws when the change is for another record.
 */
export function mergeChange(
  local: SyncRecord | undefined,
  change: SyncChange,
): { record: SyncRecord; changed: boolean } {
  const incoming: SyncRecord = {
    kind: change.kind,
    id: change.id,
    fields: change.fields,
    deleted: change.deleted ?? null,
    conflicts: [],
  }
  const record = mergeRecords(local, incoming)
  return { record, changed: !local || !sameRecord(local, record) }
}

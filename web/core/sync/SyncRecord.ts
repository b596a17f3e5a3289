import { canonicalJson } from './canonicalJson'
import { parseHlc } from './Hlc'

/** One write of one field: the value and the clock stamp that decides it (last writer wins). */
export interface FieldStamp {
  value: unknown
  hlc: string
}

/**
 * A write that lost to a higher stamp on the same field, kept so the user can see and restore it.
 * `lost_to` is the stamp of the field's current value (it follows the field: when a newer write
 * replaces the winner, every loser of that field now lost to the newer one).
 */
export interface Conflict {
  field: string
  value: unknown
  hlc: string
  lost_to: string
}

/**
 * A synced record as every replica stores it. `conflicts` is a bounded set of losing writes (see
 * mergeRecords.ts for the rule), ordered by (hlc, field), so equal records are equal as JSON.
 */
export interface SyncRecord {
  kind: string
  id: string
  fields: Record<string, FieldStamp>
  /** The tombstone: value `true` (deleted) or `false` (exists), last writer wins like a field. */
  deleted: FieldStamp | null
  conflicts: Conflict[]
}

/** What one write carries: only the fields it changes, and `deleted` when it deletes or edits. */
export interface SyncChange {
  kind: string
  id: string
  fields: Record<string, FieldStamp>
  deleted?: FieldStamp
}

export function isLive(record: SyncRecord): boolean {
  return record.deleted?.value !== true
}

/** The current value of every field. */
export function recordValues(record: SyncRecord): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record.fields).map(([name, stamp]) => [name, stamp.value]))
}

/**
 * The conflicts worth showing: losing writes made on another device than the current value's, whose
 * value differs from it. `conflicts` also keeps a device's own overwritten values (needed so every
 * replica keeps the same set whatever order writes arrive in); those are history, not conflicts.
 */
export function openConflicts(record: SyncRecord): Conflict[] {
  return record.conflicts.filter((conflict) => {
    const winner = record.fields[conflict.field]
    if (!winner) return false
    return (
      parseHlc(winner.hlc).node !== parseHlc(conflict.hlc).node &&
      canonicalJson(winner.value) !== canonicalJson(conflict.value)
    )
  })
}

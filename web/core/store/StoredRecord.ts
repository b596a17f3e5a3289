/**
 * A record of the platform API (a setting, page, persona, conversation, message, tag, plugin state,
 * navigation route, component...): its fields as JSON `data`, under a `kind`, optionally under a
 * parent (a message under its conversation) so that children list without a scan. One generic
 * table behind every platform resource keeps the adapters small and gives sync (DESIGN.md section 3)
 * one shape to carry.
 */
export interface StoredRecord {
  kind: string
  id: string
  /** The record this one belongs to (a message's conversation), or null. */
  parent_id: string | null
  data: Record<string, unknown>
  created_at: string
  updated_at: string
}

/** One change of an atomic `writeRecords` batch: put (insert or replace by kind and id) or delete. */
export type RecordWrite = { put: StoredRecord } | { delete: { kind: string; id: string } }

import { ApiError } from '../kernel/ApiError'
import type { HostPorts } from '../kernel/HostPorts'
import type { Store } from '../store/Store'
import type { StoredRecord } from '../store/StoredRecord'
import { toTimestamp } from '../kernel/time/Clock'

/**
 * Helpers every platform resource shares over the store's generic records (see StoredRecord): one
 * way to make, read and show a record, so that resources differ only in their fields and rules.
 */

/** What reading and writing platform records touches: the store's generic records, none of its other parts. */
export type RecordPorts = { store: Pick<Store, 'records'> }

/** A record's public view: `id`, its fields, then `created_at` and `updated_at`. */
export function recordView(record: StoredRecord): Record<string, unknown> {
  return { id: record.id, ...record.data, created_at: record.created_at, updated_at: record.updated_at }
}

/** The record, or a 404 ApiError with `detail` (unknown ids and another user's alike). */
export async function requireRecord(
  ports: RecordPorts,
  kind: string,
  id: string,
  detail: string,
): Promise<StoredRecord> {
  const record = await ports.store.records.getRecord(kind, id)
  if (!record) throw ApiError.notFound(detail)
  return record
}

/** A new record of `kind` with a fresh id and both timestamps now (not stored yet). */
export function newRecord(
  ports: Pick<HostPorts, 'clock' | 'newId'>,
  kind: string,
  data: Record<string, unknown>,
  parentId: string | null = null,
): StoredRecord {
  const now = toTimestamp(ports.clock.now())
  return { kind, id: ports.newId(), parent_id: parentId, data, created_at: now, updated_at: now }
}

/** The record with `patch` applied to its fields (undefined values leave a field as it was) and `updated_at` now. */
export function patchedRecord(
  ports: Pick<HostPorts, 'clock'>,
  record: StoredRecord,
  patch: Record<string, unknown>,
): StoredRecord {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
  return { ...record, data: { ...record.data, ...defined }, updated_at: toTimestamp(ports.clock.now()) }
}

/** Stores one record (insert or replace). */
export function putRecord(ports: RecordPorts, record: StoredRecord): Promise<void> {
  return ports.store.records.writeRecords([{ put: record }])
}

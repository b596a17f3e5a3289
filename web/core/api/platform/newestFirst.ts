import type { StoredRecord } from '../../store/StoredRecord'

/**
 * Records by `updated_at`, newest first; ties (never from a monotonic clock, but possible in data
 * that was synced in) put the record inserted last first. `records` come oldest first from the store.
 */
export function newestFirst(records: readonly StoredRecord[]): StoredRecord[] {
  return [...records]
    .reverse()
    .sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0))
}

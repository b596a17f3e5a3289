import type { SyncStatus } from '../../core/sync/SyncLoop'
import { requestJson } from '../api/requestJson'

export type { SyncState, SyncStatus } from '../../core/sync/SyncLoop'

/** `GET /api/v1/sync/status`: this device's background sync (state `off` when no one is signed in). */
export function getSyncStatus(signal?: AbortSignal): Promise<SyncStatus> {
  return requestJson<SyncStatus>('/api/v1/sync/status', { signal })
}

/** `POST /api/v1/sync/now`: runs a round and answers the status after it (200 even when it failed). */
export function syncNow(): Promise<SyncStatus> {
  return requestJson<SyncStatus>('/api/v1/sync/now', { method: 'POST' })
}

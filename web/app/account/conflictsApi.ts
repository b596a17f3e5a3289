import type { ConflictView } from '../../core/sync/appData/conflictViews'
import { requestJson } from '../api/requestJson'

export type { ConflictView } from '../../core/sync/appData/conflictViews'

interface ConflictList {
  items: ConflictView[]
}

/** `GET /api/v1/sync/conflicts`: this device's open conflicts, newest first (404 where the host has no sync). */
export async function listConflicts(signal?: AbortSignal): Promise<ConflictView[]> {
  return (await requestJson<ConflictList>('/api/v1/sync/conflicts', { signal })).items
}

/**
 * `POST /api/v1/sync/conflicts/restore`: writes the losing value again, so it wins once synced, and
 * answers the open conflicts after it. 404 when the conflict was restored or dismissed already.
 */
export async function restoreConflict(conflictId: string): Promise<ConflictView[]> {
  const answer = await requestJson<ConflictList>('/api/v1/sync/conflicts/restore', {
    method: 'POST',
    body: { conflict_id: conflictId },
  })
  return answer.items
}

/** `POST /api/v1/sync/conflicts/dismiss`: keeps the current value and hides the conflict on this device. */
export async function dismissConflict(conflictId: string): Promise<ConflictView[]> {
  const answer = await requestJson<ConflictList>('/api/v1/sync/conflicts/dismiss', {
    method: 'POST',
    body: { conflict_id: conflictId },
  })
  return answer.items
}

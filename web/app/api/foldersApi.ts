import type { FolderStatus } from '../../core/folders/folderStatus'
import { requestJson } from './requestJson'

export type { FolderStatus }

const path = (collectionId: string) => `/api/collections/${encodeURIComponent(collectionId)}/folder`

/** The folder a collection follows, or undefined when it follows none. */
export async function getFolderStatus(collectionId: string): Promise<FolderStatus | undefined> {
  const response = await fetch(path(collectionId), { headers: { accept: 'application/json' } })
  if (response.status === 404) return undefined
  if (!response.ok) return requestJson<FolderStatus>(path(collectionId))
  return (await response.json()) as FolderStatus
}

export async function checkFolder(collectionId: string): Promise<FolderStatus> {
  const answer = await requestJson<{ folder: FolderStatus }>(`${path(collectionId)}/check`, {
    method: 'POST',
  })
  return answer.folder
}

/** On a sync server: follow a folder by its path inside the operator's FOLDER_ROOTS. */
export function followServerFolder(collectionId: string, folderPath: string): Promise<FolderStatus> {
  return requestJson<FolderStatus>(path(collectionId), { method: 'PUT', body: { path: folderPath } })
}

export function unfollowFolder(collectionId: string): Promise<void> {
  return requestJson<void>(path(collectionId), { method: 'DELETE' })
}

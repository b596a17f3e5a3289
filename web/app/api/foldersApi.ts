import type { FolderStatus } from '../../core/folders/folderStatus'
import { sendToSyncServer } from '../../browser/api/sendToSyncServer'
import { syncServerAnswers } from '../account/syncServerAnswers'
import { ApiRequestError } from './ApiRequestError'
import { requestJson } from './requestJson'

export type { FolderStatus }

/**
 * Where a followed folder lives: on this device (a folder the person picked, followed by the in-browser
 * API) or on the sync server (a path inside the operator's FOLDER_ROOTS, followed by the server, whose
 * documents reach this device by sync).
 */
export type FolderPlace = 'device' | 'server'

/** The sync server's own answer, past the in-browser API (as the signed-in account, else this origin). */
const serverFetch: typeof fetch = (input, init) =>
  sendToSyncServer(new Request(new URL(String(input), location.origin), init))

const fetchFor = (place: FolderPlace) => (place === 'server' ? serverFetch : fetch)

const path = (collectionId: string) => `/api/collections/${encodeURIComponent(collectionId)}/folder`

/**
 * The folder a collection follows there, or undefined when it follows none (or no server answers). Read
 * from the collection itself (its `folder`, absent when it follows none): `GET .../folder` answers 404
 * for a collection that follows none, which the browser logs as an error on every collection's page.
 */
export async function getFolderStatus(
  collectionId: string,
  place: FolderPlace = 'device',
): Promise<FolderStatus | undefined> {
  try {
    const collection = await requestJson<{ folder?: FolderStatus }>(
      `/api/collections/${encodeURIComponent(collectionId)}`,
      { fetch: fetchFor(place) },
    )
    return collection.folder
  } catch (error) {
    // A collection deleted meanwhile, or one the server does not have (yet): it follows nothing there.
    if (error instanceof ApiRequestError && (error.status === 404 || place === 'server')) return undefined
    throw error
  }
}

export async function checkFolder(
  collectionId: string,
  place: FolderPlace = 'device',
): Promise<FolderStatus> {
  const answer = await requestJson<{ folder: FolderStatus }>(`${path(collectionId)}/check`, {
    method: 'POST',
    fetch: fetchFor(place),
  })
  return answer.folder
}

/**
 * The folders the sync server lets this person follow one inside; undefined where no sync server
 * answers (the app from a static host, nobody signed in to a server with accounts, offline). Asked
 * only where the server can answer (`syncServerAnswers`): a signed-out page's request would get a 401.
 */
export async function serverFolderRoots(): Promise<string[] | undefined> {
  if (!(await syncServerAnswers())) return undefined
  try {
    const response = await serverFetch('/api/folders/roots', { headers: { accept: 'application/json' } })
    if (!response.ok || response.headers.get('x-quire-host') !== 'server') return undefined
    const body = (await response.json()) as { roots?: unknown }
    return Array.isArray(body.roots) ? body.roots.filter((root) => typeof root === 'string') : undefined
  } catch {
    return undefined
  }
}

/** On the sync server: follow a folder by its path inside the operator's FOLDER_ROOTS. */
export function followServerFolder(collectionId: string, folderPath: string): Promise<FolderStatus> {
  return requestJson<FolderStatus>(path(collectionId), {
    method: 'PUT',
    body: { path: folderPath },
    fetch: serverFetch,
  })
}

export function unfollowFolder(collectionId: string, place: FolderPlace = 'device'): Promise<void> {
  return requestJson<void>(path(collectionId), { method: 'DELETE', fetch: fetchFor(place) })
}

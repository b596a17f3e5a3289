import type { RecordPorts } from '../records/platformRecords'
import type { Clock } from '../kernel/time/Clock'
import { toTimestamp } from '../kernel/time/Clock'
import { folderFileKind } from './folderFileKind'
import { followedFolderKind, type FollowedFolder } from './followedFolderKind'

/**
 * Makes a collection follow a folder (`folder`: the name people see); the first check is the caller's.
 * Following another folder starts afresh: the files of the one before are no longer followed.
 */
export async function followFolder(
  ports: RecordPorts & { clock: Clock },
  collectionId: string,
  folder: string,
  /** What the host needs to find the folder again (the server: its path). */
  extra: Record<string, unknown> = {},
): Promise<void> {
  await unfollowFolder(ports, collectionId)
  const at = toTimestamp(ports.clock.now())
  const data: FollowedFolder = {
    ...extra,
    collection_id: collectionId,
    folder,
    state: 'ok',
    last_checked_at: null,
    skipped: [],
    last_changes: { added: 0, updated: 0, renamed: 0, removed: 0, retry: 0 },
  }
  await ports.store.records.writeRecords([
    {
      put: {
        kind: followedFolderKind.kind,
        id: collectionId,
        parent_id: null,
        data,
        created_at: at,
        updated_at: at,
      },
    },
  ])
}

/** Stops following: the documents stay in the collection, as uploads would. */
export async function unfollowFolder(ports: RecordPorts, collectionId: string): Promise<void> {
  const files = await folderFileKind.list(ports, collectionId)
  await ports.store.records.writeRecords([
    { delete: { kind: followedFolderKind.kind, id: collectionId } },
    ...files.map((file) => ({ delete: { kind: folderFileKind.kind, id: file.id } })),
  ])
}

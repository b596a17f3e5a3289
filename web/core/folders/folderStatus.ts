import { z } from 'zod'
import type { RecordPorts } from '../records/platformRecords'
import type { Store } from '../store/Store'
import { folderFileFields, folderFileKind } from './folderFileKind'
import { folderFileState, folderFileStateSchema } from './folderFileState'
import type { FolderScans } from './FolderScans'
import { followedFolderFields, followedFolderKind } from './followedFolderKind'

/** A followed file, its document, its state and its size in bytes at the last check. */
export const folderFileStatusSchema = folderFileStateSchema.extend({
  document_id: z.string(),
  size: z.number().int().nonnegative().meta({ description: 'Bytes, as the last check read it' }),
})

export const folderStatusSchema = z
  .object({
    folder: z.string(),
    state: followedFolderFields.shape.state,
    last_checked_at: z.string().nullable(),
    scanning: z.boolean(),
    /**
     * While a check runs: `reading`, how many listed files are compared (new and changed ones are read);
     * `applying`, how many of the changes found are done. Null when no check runs.
     */
    progress: z
      .object({ phase: z.enum(['reading', 'applying']), done: z.number(), total: z.number() })
      .nullable(),
    last_changes: followedFolderFields.shape.last_changes,
    skipped: followedFolderFields.shape.skipped,
    files: z.array(folderFileStatusSchema),
  })
  .meta({ id: 'FollowedFolder' })
export type FolderStatus = z.infer<typeof folderStatusSchema>

/**
 * What a person (or a script) sees of a followed folder: the folder, when it was last checked, and each
 * file's state from its document (in step, processing, failed with the reason) or why it was skipped.
 * Undefined when the collection follows no folder.
 */
export async function folderStatus(
  ports: RecordPorts & { store: Pick<Store, 'documents'> },
  collectionId: string,
  scans?: FolderScans,
): Promise<FolderStatus | undefined> {
  const record = await followedFolderKind.find(ports, collectionId)
  const followed = record && followedFolderFields.safeParse(record.data)
  if (!followed?.success) return undefined
  const documents = new Map(
    (await ports.store.documents.listDocuments({ collectionId })).map((document) => [document.id, document]),
  )
  const files: FolderStatus['files'] = []
  for (const stored of await folderFileKind.list(ports, collectionId)) {
    const file = folderFileFields.safeParse(stored.data)
    if (!file.success) continue
    const document = documents.get(file.data.document_id)
    files.push({
      ...folderFileState(file.data.path, document),
      document_id: file.data.document_id,
      size: file.data.size,
    })
  }
  files.sort((a, b) => (a.path < b.path ? -1 : 1))
  const { folder, state, last_checked_at, last_changes, skipped } = followed.data
  return {
    folder,
    state,
    last_checked_at,
    scanning: scans?.isScanning(collectionId) ?? false,
    progress: scans?.progress(collectionId) ?? null,
    last_changes,
    skipped,
    files,
  }
}

import { z } from 'zod'
import type { RecordPorts } from '../records/platformRecords'
import type { DocumentRecord } from '../store/DocumentRecord'
import { folderFileFields, folderFileKind } from './folderFileKind'

export const folderFileStateSchema = z.object({
  /** The file's path below the followed folder. */
  path: z.string(),
  state: z.enum(['in_step', 'processing', 'failed']),
  /** Why processing failed (a `failed` file only). */
  reason: z.string().optional(),
})
export type FolderFileState = z.infer<typeof folderFileStateSchema>

/**
 * A followed file's state, read from its document: in step once processed, failed with the reason,
 * processing otherwise (a document not there yet is being made by the check under way).
 */
export function folderFileState(path: string, document: DocumentRecord | undefined): FolderFileState {
  if (document?.status === 'completed') return { path, state: 'in_step' }
  if (document?.status === 'failed') {
    const reason = document.metadata.error
    return { path, state: 'failed', reason: typeof reason === 'string' ? reason : 'processing failed' }
  }
  return { path, state: 'processing' }
}

/**
 * The followed files' paths by their document's id, of one collection or (no id) of every one: what
 * a document made from a followed folder's file says of it.
 */
export async function folderPathsByDocument(
  ports: RecordPorts,
  collectionId?: string,
): Promise<Map<string, string>> {
  const paths = new Map<string, string>()
  for (const stored of await folderFileKind.list(ports, collectionId)) {
    const file = folderFileFields.safeParse(stored.data)
    if (file.success) paths.set(file.data.document_id, file.data.path)
  }
  return paths
}

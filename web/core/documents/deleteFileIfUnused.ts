import type { FileStore } from '../store/FileStore'
import type { Store } from '../store/Store'
import { fileKey } from './processDocument'

/** Files are shared by identical uploads: the bytes go only when no document refers to them any more. */
export async function deleteFileIfUnused(key: string, store: Store, files: FileStore): Promise<void> {
  const stillUsed = (await store.listDocuments()).some((document) => fileKey(document) === key)
  if (!stillUsed) await files.delete(key)
}

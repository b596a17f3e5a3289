import type { FileStore } from '../store/FileStore'
import type { Store } from '../store/Store'
import { fileKey } from './processDocument'

/**
 * Files are shared by identical uploads: each of these keys is deleted only when no document refers
 * to it any more. The documents are listed once, however many keys are given.
 */
export async function deleteUnusedFiles(
  keys: Iterable<string>,
  store: Pick<Store, 'documents'>,
  files: FileStore,
): Promise<void> {
  const used = new Set((await store.documents.listDocuments()).map(fileKey))
  for (const key of new Set(keys)) if (!used.has(key)) await files.delete(key)
}

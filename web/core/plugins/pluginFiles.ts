import type { StorePorts } from '../store/StorePorts'
import { fileKey } from '../documents/processDocument'
import { pluginKind } from '../records/kinds/pluginKind'
import type { Store } from '../store/Store'

/**
 * Deletes from the FileStore those of `keys` that nothing still uses: no remaining plugin's `files`
 * and no document's original file (the store is content-addressed and shared, so identical bytes are
 * one file). Call it after the records that named the keys are gone. Resolves the keys deleted.
 */
export async function deleteUnusedFiles(
  ports: Pick<StorePorts, 'files'> & { store: Pick<Store, 'records' | 'documents'> },
  keys: Iterable<string>,
): Promise<string[]> {
  const used = new Set<string>()
  for (const plugin of await pluginKind.list(ports)) {
    for (const key of Object.values((plugin.data.files as Record<string, string> | undefined) ?? {}))
      used.add(key)
  }
  for (const document of await ports.store.documents.listDocuments()) used.add(fileKey(document))
  const deleted: string[] = []
  for (const key of new Set(keys)) {
    if (used.has(key)) continue
    if (await ports.files.delete(key)) deleted.push(key)
  }
  return deleted
}

import type { ChunkRecord } from '../../store/ChunkRecord'
import type { DocumentRecord } from '../../store/DocumentRecord'
import type { FileStore } from '../../store/FileStore'
import type { Store } from '../../store/Store'
import { encodeChunks } from './chunkBlob'
import { documentValuesOf } from './syncValues'

/**
 * A processed document's sync values, its chunks put in `files` as one blob named by its key
 * (null when it has none, as a failed document), so the blob can be uploaded before the record.
 * `stored`: the document's chunks as they are stored, when the caller has them (else they are read).
 */
export async function documentSyncValues(
  store: Store,
  files: FileStore,
  document: DocumentRecord,
  stored?: readonly ChunkRecord[],
): Promise<Record<string, unknown>> {
  const chunks = stored ?? (await store.chunks.listChunks({ documentId: document.id }))
  const key = chunks.length > 0 ? await files.put(await encodeChunks(chunks)) : null
  return documentValuesOf(document, key)
}

import { ParseError } from '../ingest/ParseError'
import { sniffFileKind } from '../ingest/parse/sniffFileKind'
import type { SearchIndexPort } from '../retrieve/snapshot/SearchIndexPort'
import type { DocumentRecord } from '../store/DocumentRecord'
import { toTimestamp } from '../kernel/time/Clock'
import { deleteUnusedFiles } from './deleteUnusedFiles'
import { fileKey, toChunkRecords, type ProcessPorts } from './processDocument'

export type ReplaceOutcome = 'replaced' | 'failed' | 'gone'

/**
 * Gives a completed document new content (a followed folder's file changed), so that a search never
 * sees both versions nor neither: the new file is read while the old passages stay searchable; then
 * the new passages are indexed beside the old ones (the index only proposes candidates, the store
 * decides what exists, and it holds only the old ones yet); then the store's chunks are switched in
 * one step (`replaceChunks`), which is the moment the new text replaces the old; then the old passages
 * leave the index. A file that no longer reads fails the document with the reason, as an upload would.
 */
export async function replaceDocumentFile(
  document: DocumentRecord,
  file: { bytes: Uint8Array; filename: string },
  ports: ProcessPorts & { index: SearchIndexPort },
): Promise<ReplaceOutcome> {
  const { store, files, clock } = ports
  const key = await files.put(file.bytes)
  const fileFacts = {
    file_path: `files/${key}`,
    file_size: file.bytes.length,
    document_type: sniffFileKind(file.bytes, file.filename) ?? document.document_type,
    original_filename: file.filename,
  }
  try {
    const result = await ports.ingestor.ingest({
      bytes: file.bytes,
      filename: file.filename,
      embedder: await ports.embedderId?.(),
      ocrLanguages: await ports.ocrLanguages?.(),
      wantText: false,
    })
    const chunks = await toChunkRecords(result, document, ports.newId)
    const old = await store.chunks.listChunks({ documentId: document.id })
    await ports.index.replaceDocument(document.id, [...old, ...chunks])
    if (!(await store.documents.getDocument(document.id))) {
      await ports.index.replaceDocument(document.id, [])
      await deleteUnusedFiles([key], store, files)
      return 'gone'
    }
    await store.chunks.replaceChunks(document.id, chunks)
    await store.documents.updateDocument(document.id, {
      ...fileFacts,
      status: 'completed',
      processed_at: toTimestamp(clock.now()),
      metadata: { ...result.metadata },
      chunk_count: chunks.length,
      progress: null,
    })
    await ports.index.replaceDocument(document.id, chunks)
    return 'replaced'
  } catch (error) {
    if (!(error instanceof ParseError)) ports.logError?.(error)
    const reason =
      error instanceof ParseError
        ? { error: error.message, error_code: error.code }
        : { error: 'Processing failed unexpectedly', error_code: 'internal' }
    // The old text no longer says what the file says: nothing of it stays searchable.
    await store.chunks.replaceChunks(document.id, [])
    const failed = await store.documents.updateDocument(document.id, {
      ...fileFacts,
      status: 'failed',
      processed_at: toTimestamp(clock.now()),
      metadata: reason,
      chunk_count: 0,
      progress: null,
    })
    await ports.index.replaceDocument(document.id, [])
    return failed ? 'failed' : 'gone'
  } finally {
    if (fileKey(document) !== key) await deleteUnusedFiles([fileKey(document)], store, files)
  }
}

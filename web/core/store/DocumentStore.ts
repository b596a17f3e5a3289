import type { DocumentFilter, DocumentPatch, DocumentRecord } from './DocumentRecord'

/** Documents and their processing state (not their chunks: see ChunkStore). A sub-port of Store (see Store.ts). */
export interface DocumentStore {
  /** Inserts a document; rejects a duplicate id. Its collection's `document_count` counts it at once, `processed_count` once completed. */
  createDocument(document: DocumentRecord): Promise<DocumentRecord>
  getDocument(id: string): Promise<DocumentRecord | undefined>
  /** Newest first (by `created_at`, then by insertion order). */
  listDocuments(filter?: DocumentFilter): Promise<DocumentRecord[]>
  /** Applies the patch; resolves `undefined` when the document does not exist. */
  updateDocument(id: string, patch: DocumentPatch): Promise<DocumentRecord | undefined>
  /** Deletes the document and its chunks; resolves false when it did not exist. */
  deleteDocument(id: string): Promise<boolean>
}

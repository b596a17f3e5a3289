import type { ChunkFilter, ChunkRecord } from './ChunkRecord'
import type { Collection, CollectionPatch, NewCollection } from './Collection'
import type { DocumentFilter, DocumentPatch, DocumentRecord } from './DocumentRecord'

/**
 * The storage port. The browser implements it over Dexie, the server over SQL; both must pass
 * `conformance/storeConformance.ts`. Every method is async so that any backend (IndexedDB,
 * SQLite, PostgreSQL) fits behind it.
 */
export interface Store {
  /** Inserts a new collection; `document_count` starts at 0. */
  createCollection(input: NewCollection): Promise<Collection>
  /** Newest first (by `created_at`, then by insertion order). */
  listCollections(): Promise<Collection[]>
  getCollection(id: string): Promise<Collection | undefined>
  /** Applies the patch; resolves `undefined` when the collection does not exist. */
  updateCollection(id: string, patch: CollectionPatch): Promise<Collection | undefined>
  /** Deletes the collection with its documents and chunks; resolves false when it did not exist. */
  deleteCollection(id: string): Promise<boolean>

  /** Inserts a document; rejects a duplicate id. Its collection's `document_count` counts it once completed. */
  createDocument(document: DocumentRecord): Promise<DocumentRecord>
  getDocument(id: string): Promise<DocumentRecord | undefined>
  /** Newest first (by `created_at`, then by insertion order). */
  listDocuments(filter?: DocumentFilter): Promise<DocumentRecord[]>
  /** Applies the patch; resolves `undefined` when the document does not exist. */
  updateDocument(id: string, patch: DocumentPatch): Promise<DocumentRecord | undefined>
  /** Deletes the document and its chunks; resolves false when it did not exist. */
  deleteDocument(id: string): Promise<boolean>

  /** Replaces all chunks of a document in one step (a reader never sees half of them). */
  replaceChunks(documentId: string, chunks: readonly ChunkRecord[]): Promise<void>
  /** Chunks in document order (`created_at` of the document, then `index`). */
  listChunks(filter?: ChunkFilter): Promise<ChunkRecord[]>
  /** Releases connections and handles. Idempotent. */
  close(): Promise<void>
}

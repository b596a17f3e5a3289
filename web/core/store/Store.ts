import type { Collection, CollectionPatch, NewCollection } from './Collection'

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
  /** Deletes the collection and everything in it; resolves false when it did not exist. */
  deleteCollection(id: string): Promise<boolean>
  /** Releases connections and handles. Idempotent. */
  close(): Promise<void>
}

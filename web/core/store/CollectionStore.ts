import type { Collection, CollectionPatch, NewCollection } from './Collection'

/** Collections: the folders a person's documents live in. A sub-port of Store (see Store.ts). */
export interface CollectionStore {
  /** Inserts a new collection; `document_count` and `processed_count` start at 0. */
  createCollection(input: NewCollection): Promise<Collection>
  /** Newest first (by `created_at`, then by insertion order). */
  listCollections(): Promise<Collection[]>
  getCollection(id: string): Promise<Collection | undefined>
  /** Applies the patch; resolves `undefined` when the collection does not exist. */
  updateCollection(id: string, patch: CollectionPatch): Promise<Collection | undefined>
  /**
   * Deletes the collection with its documents, chunks, evaluation runs and their saved state; resolves
   * false when it did not exist. Chat sessions survive (they are the user's conversations): sessions
   * and messages that named the collection get `collection_id: null`.
   */
  deleteCollection(id: string): Promise<boolean>
}

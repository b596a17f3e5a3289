import type { ChatMessage } from './ChatMessage'
import type { ChatSession, ChatSessionPatch, NewChatSession } from './ChatSession'
import type { ChunkFilter, ChunkRecord } from './ChunkRecord'
import type { ChunkVector } from './ChunkVector'
import type { Collection, CollectionPatch, NewCollection } from './Collection'
import type { DocumentFilter, DocumentPatch, DocumentRecord } from './DocumentRecord'
import type { EvaluationResult, EvaluationRun, EvaluationRunPatch, EvaluationState } from './EvaluationRun'
import type { RecordWrite, StoredRecord } from './StoredRecord'

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
  /**
   * Deletes the collection with its documents, chunks, evaluation runs and their saved state; resolves
   * false when it did not exist. Chat sessions survive (they are the user's conversations): sessions
   * and messages that named the collection get `collection_id: null`.
   */
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
  /**
   * Inserts a session with `message_count` 0 and `updated_at` equal to `created_at`. Rejects a duplicate
   * id and a `collection_id` naming no collection.
   */
  createSession(input: NewChatSession): Promise<ChatSession>
  /** By `updated_at`, newest first; ties: the session inserted last first. */
  listSessions(): Promise<ChatSession[]>
  getSession(id: string): Promise<ChatSession | undefined>
  /**
   * Applies the patch; resolves `undefined` when the session does not exist. Rejects a `collection_id`
   * naming no collection.
   */
  updateSession(id: string, patch: ChatSessionPatch): Promise<ChatSession | undefined>
  /** Deletes the session and all its messages; resolves false when it did not exist. */
  deleteSession(id: string): Promise<boolean>
  /**
   * Stores a message and sets its session's `updated_at` to the message's `created_at`, both or
   * neither. Rejects an unknown session, a duplicate id and a `collection_id` naming no collection.
   */
  addMessage(message: ChatMessage): Promise<ChatMessage>
  /**
   * The latest `limit` messages of the session, returned oldest first (by `created_at`, ties in
   * insertion order). An unknown session has none.
   */
  listMessages(sessionId: string, options: { limit: number }): Promise<ChatMessage[]>

  /** Inserts a run with the results it carries. Rejects a duplicate id and an unknown collection. */
  createEvaluationRun(run: EvaluationRun): Promise<EvaluationRun>
  /** The run with all its results, in the order they were appended. */
  getEvaluationRun(id: string): Promise<EvaluationRun | undefined>
  /** Newest first (by `created_at`, then by insertion order), full records results included. */
  listEvaluationRuns(filter?: { collectionId?: string }): Promise<EvaluationRun[]>
  /** Applies the patch; resolves `undefined` when the run does not exist. */
  updateEvaluationRun(id: string, patch: EvaluationRunPatch): Promise<EvaluationRun | undefined>
  /**
   * Appends results and adds them to `evaluated_count`, `correct_count` and `incorrect_count` in one
   * atomic step: concurrent appends all count. Resolves the run after the append, `undefined` when
   * the run does not exist (then nothing is stored).
   */
  appendEvaluationResults(
    id: string,
    results: readonly EvaluationResult[],
  ): Promise<EvaluationRun | undefined>
  /**
   * Replaces the saved progress of a run. `state` must be JSON-serialisable and reads back as JSON
   * would return it. Rejects an unknown run.
   */
  saveEvaluationState(runId: string, state: unknown, savedAt: string): Promise<void>
  getEvaluationState(runId: string): Promise<EvaluationState | undefined>

  /** The chunks with these ids that exist, in no particular order (vectors included). */
  getChunks(ids: readonly string[]): Promise<ChunkRecord[]>
  /**
   * The stored vectors (with their embedder) of the chunks with these ids that exist, in no
   * particular order: what a search reads to rescore its candidates exactly, hundreds per query.
   */
  chunkVectors(ids: readonly string[]): Promise<ChunkVector[]>

  /** The person's settings as last saved (JSON), or undefined when none were. */
  getSettings(): Promise<unknown>
  /** Replaces the saved settings. */
  putSettings(value: unknown): Promise<void>

  /** A platform record by kind and id. */
  getRecord(kind: string, id: string): Promise<StoredRecord | undefined>
  /** Records of a kind (only those under `parentId` when given), oldest first (`created_at`, then insertion). */
  listRecords(kind: string, filter?: { parentId?: string }): Promise<StoredRecord[]>
  /**
   * Puts and deletes in one transaction: all take effect or none. A put replaces the record with the
   * same kind and id (its insertion order is kept); deleting a missing record is no error.
   */
  writeRecords(writes: readonly RecordWrite[]): Promise<void>

  /** Releases connections and handles. Idempotent. */
  close(): Promise<void>
}

import type { ChatStore } from './ChatStore'
import type { ChunkStore } from './ChunkStore'
import type { CollectionStore } from './CollectionStore'
import type { DocumentStore } from './DocumentStore'
import type { EvaluationStore } from './EvaluationStore'
import type { RecordStore } from './RecordStore'
import type { SettingsStore } from './SettingsStore'

/**
 * The storage port: a record of small ports, one per kind of thing stored. The browser provides
 * them over Dexie, the server over SQL; each sub-port has its own part of the conformance suite
 * (`conformance/storeConformance.ts`). Every method is async so that any backend (IndexedDB,
 * SQLite, PostgreSQL) fits behind it.
 *
 * A caller names the sub-port it uses (`store.chat.addMessage(...)`); a decorator (SyncedStore,
 * SealedSecretsStore) replaces only the sub-ports it changes and hands the others on as they are.
 */
export interface Store {
  readonly collections: CollectionStore
  readonly documents: DocumentStore
  readonly chunks: ChunkStore
  readonly chat: ChatStore
  readonly evaluation: EvaluationStore
  readonly settings: SettingsStore
  readonly records: RecordStore
  /** Releases connections and handles. Idempotent. */
  close(): Promise<void>
}

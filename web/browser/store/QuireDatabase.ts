import Dexie, { type EntityTable, type Table } from 'dexie'
import type { ChatMessage } from '../../core/store/ChatMessage'
import type { ChatSession } from '../../core/store/ChatSession'
import type { ChunkRecord } from '../../core/store/ChunkRecord'
import type { Collection, CollectionCounts } from '../../core/store/Collection'
import type { DocumentOpening } from '../../core/store/DocumentOpening'
import { openingTerms } from '../../core/retrieve/openingTerms'
import type { DocumentRecord } from '../../core/store/DocumentRecord'
import type { EvaluationRun, EvaluationState } from '../../core/store/EvaluationRun'
import type { StoredRecord } from '../../core/store/StoredRecord'
import type { Mutation } from '../../core/sync/SyncServer'
import type { SyncRecord } from '../../core/sync/SyncRecord'

/** Rows carry an auto-increment `seq` that breaks ties between equal `created_at` values. */
export type CollectionRow = Omit<Collection, keyof CollectionCounts> & { seq?: number }
export type DocumentRow = DocumentRecord & { seq?: number }
/** message_count is derived from chatMessages, never stored. */
export type ChatSessionRow = Omit<ChatSession, 'message_count'> & { seq?: number }
export type ChatMessageRow = ChatMessage & { seq?: number }
/** A run keeps its results inside its row: runs are small, and one put updates counts and results together. */
export type EvaluationRunRow = EvaluationRun & { seq?: number }
export type EvaluationStateRow = EvaluationState & { run_id: string }
export type RecordRow = StoredRecord & { seq?: number }
/** A document's opening (`DocumentOpening`), kept beside its chunks: never part of the document's record. */
export type DocumentOpeningRow = DocumentOpening & { document_id: string }

/**
 * The browser's IndexedDB schema. Versions only ever go up: a change is a new `version(n)` with an
 * upgrade function, never an edit of a released one (the same rule as the server's migrations).
 */
export class QuireDatabase extends Dexie {
  collections!: EntityTable<CollectionRow, 'seq'>
  documents!: EntityTable<DocumentRow, 'seq'>
  chunks!: EntityTable<ChunkRecord, 'id'>
  files!: EntityTable<{ key: string; bytes: Uint8Array }, 'key'>
  settings!: EntityTable<{ key: string; value: unknown }, 'key'>
  chatSessions!: EntityTable<ChatSessionRow, 'seq'>
  chatMessages!: EntityTable<ChatMessageRow, 'seq'>
  evaluationRuns!: EntityTable<EvaluationRunRow, 'seq'>
  evaluationStates!: EntityTable<EvaluationStateRow, 'run_id'>
  /** The sync-server account (`key: 'account'`) and this device's local user id (`key: 'local_user_id'`). */
  account!: EntityTable<{ key: string; value: unknown }, 'key'>
  /** Platform records (settings, pages, personas, conversations...): see StoredRecord. */
  records!: EntityTable<RecordRow, 'seq'>
  /** The sync replica: records with field stamps, the outbox, and the cursor and counter (see DexieSyncClientStore). */
  syncRecords!: Table<SyncRecord, [string, string]>
  syncOutbox!: EntityTable<Mutation, 'counter'>
  syncState!: EntityTable<{ key: string; value: unknown }, 'key'>
  /** Per document, a counter raised by every replacement of its chunks (`DexieIndexSnapshots`' versions). */
  chunkSets!: EntityTable<{ document_id: string; set: number }, 'document_id'>
  /**
   * The search index's last snapshot (`key: 'index'`), so opening the app does not rebuild it: a Blob,
   * or a Uint8Array as earlier versions wrote it (`DexieIndexSnapshots` reads both); with a Blob, how
   * many of its bytes a cold start reads first (`snapshotFirstRead`; absent where an earlier version
   * wrote it).
   */
  indexSnapshot!: EntityTable<{ key: string; bytes: Uint8Array | Blob; firstRead?: number }, 'key'>
  /** Per document, the opening its search profile reads, written with its chunks (`DexieChunks.replaceChunks`). */
  documentOpenings!: EntityTable<DocumentOpeningRow, 'document_id'>

  constructor(name = 'quire', options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options)
    this.version(1).stores({ collections: '++seq, &id, [created_at+seq]' })
    // document_count is derived from documents from version 2 on; stored counts are dropped.
    this.version(2)
      .stores({
        documents: '++seq, &id, collection_id, [collection_id+status], status, [created_at+seq]',
        chunks: 'id, document_id, collection_id, [document_id+index]',
      })
      .upgrade((tx) =>
        tx
          .table('collections')
          .toCollection()
          .modify((row: Record<string, unknown>) => {
            delete row.document_count
          }),
      )
    this.version(3).stores({ files: 'key' })
    // A null collection_id is no valid IndexedDB key: such rows are simply absent from that index.
    this.version(4).stores({
      chatSessions: '++seq, &id, [updated_at+seq], collection_id',
      chatMessages: '++seq, &id, session_id, [session_id+created_at+seq], collection_id',
      evaluationRuns: '++seq, &id, [created_at+seq], collection_id, [collection_id+created_at+seq]',
      evaluationStates: 'run_id',
      settings: 'key',
    })
    // Tokens of the sync-server account, kept apart from settings so that nothing that lists or exports
    // settings can carry them along.
    this.version(5).stores({ account: 'key' })
    // A null parent_id is no valid key: parentless records are simply absent from the parent index.
    this.version(6).stores({
      records: '++seq, &[kind+id], [kind+created_at+seq], [kind+parent_id+created_at+seq]',
    })
    this.version(7).stores({ syncRecords: '[kind+id]', syncOutbox: 'counter', syncState: 'key' })
    // A database of an earlier version has no snapshot and no chunk sets: its index is rebuilt once.
    this.version(8).stores({ chunkSets: 'document_id', indexSnapshot: 'key' })
    // A table of its own, not a field of the document rows that every listing reads: 200 documents'
    // openings are 800 KB. Documents stored before it have none: their first search reads their
    // chunks and keeps what it read (`documentProfiles`).
    this.version(9).stores({ documentOpenings: 'document_id' })
    // Openings kept from here on carry their terms counted (`DexieChunks`); those kept before get theirs
    // once, here, rather than at every start. A new TOKENIZER_VERSION makes them all stale (profiles are
    // then made from the text again): count them again in a version of their own.
    this.version(10)
      .stores({ documentOpenings: 'document_id' })
      .upgrade((tx) =>
        tx
          .table('documentOpenings')
          .toCollection()
          .modify((row: DocumentOpeningRow) => {
            row.terms = openingTerms(row.text)
          }),
      )
  }
}

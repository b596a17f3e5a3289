import type { Store } from '../../core/store/Store'
import { DexieChatRecords } from './DexieChatRecords'
import { DexieChunks } from './DexieChunks'
import { DexieCollections } from './DexieCollections'
import { DexieDocuments } from './DexieDocuments'
import { DexieEvaluationRecords } from './DexieEvaluationRecords'
import { DexieRecords } from './DexieRecords'
import { DexieSettings } from './DexieSettings'
import { QuireDatabase } from './QuireDatabase'

/**
 * The Store port over IndexedDB (Dexie): each sub-port is its own class over the same database,
 * handed out as it is. Runs in the API worker, which owns the database.
 */
export class DexieStore implements Store {
  readonly collections: DexieCollections
  readonly documents: DexieDocuments
  readonly chunks: DexieChunks
  readonly chat: DexieChatRecords
  readonly evaluation: DexieEvaluationRecords
  readonly settings: DexieSettings
  readonly records: DexieRecords

  constructor(private readonly db: QuireDatabase = new QuireDatabase()) {
    this.chat = new DexieChatRecords(db)
    this.evaluation = new DexieEvaluationRecords(db)
    this.documents = new DexieDocuments(db)
    this.collections = new DexieCollections(db, this.documents, this.chat, this.evaluation)
    this.chunks = new DexieChunks(db)
    this.settings = new DexieSettings(db)
    this.records = new DexieRecords(db)
  }

  async close(): Promise<void> {
    this.documents.close()
    this.chunks.close()
    this.collections.close()
    this.db.close()
  }
}

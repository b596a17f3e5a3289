import Dexie from 'dexie'
import type { Collection, CollectionPatch, NewCollection } from '../../core/store/Collection'
import type { CollectionStore } from '../../core/store/CollectionStore'
import type { DexieChatRecords } from './DexieChatRecords'
import type { DexieEvaluationRecords } from './DexieEvaluationRecords'
import { definedOnly } from './definedOnly'
import type { DexieDocuments } from './DexieDocuments'
import { KeptRows } from './KeptRows'
import type { CollectionRow, QuireDatabase } from './QuireDatabase'

/**
 * The collections of the Store port over Dexie. Deleting one reaches into chat and evaluation
 * (IndexedDB has no cascades), so it is handed those two sub-ports. The rows are kept in memory between
 * reads (`KeptRows`), and their counts made from the documents' kept rows: a search checks its
 * collection, and that read and its two counts were about 2 ms of the API worker's thread a search
 * (a CPU profile of browser-large's searches). Inside a transaction both are read from the tables.
 */
export class DexieCollections implements CollectionStore {
  private readonly kept: KeptRows<CollectionRow>

  constructor(
    private readonly db: QuireDatabase,
    private readonly documents: DexieDocuments,
    private readonly chat: DexieChatRecords,
    private readonly evaluation: DexieEvaluationRecords,
  ) {
    this.kept = new KeptRows(db, db.collections, () =>
      db.collections.orderBy('[created_at+seq]').reverse().toArray(),
    )
  }

  /** Stops listening for writes (the database is closing). */
  close(): void {
    this.kept.close()
  }

  async createCollection(input: NewCollection): Promise<Collection> {
    // `add` (not `put`) so that the unique id index rejects a duplicate instead of overwriting.
    await this.db.collections.add({ ...input })
    return { ...input, document_count: 0, processed_count: 0 }
  }

  async listCollections(): Promise<Collection[]> {
    if (!Dexie.currentTransaction) return this.keptCollections()
    return this.db.transaction('r', this.db.collections, this.db.documents, async () => {
      const rows = await this.db.collections.orderBy('[created_at+seq]').reverse().toArray()
      return Promise.all(rows.map((row) => this.withCount(row)))
    })
  }

  async getCollection(id: string): Promise<Collection | undefined> {
    if (!Dexie.currentTransaction) {
      return (await this.keptCollections()).find((collection) => collection.id === id)
    }
    return this.db.transaction('r', this.db.collections, this.db.documents, async () => {
      const row = await this.db.collections.where('id').equals(id).first()
      return row && this.withCount(row)
    })
  }

  async updateCollection(id: string, patch: CollectionPatch): Promise<Collection | undefined> {
    const changes = definedOnly(patch)
    return this.db.transaction('rw', this.db.collections, this.db.documents, async () => {
      const count = await this.db.collections.where('id').equals(id).modify(changes)
      return count === 0 ? undefined : this.getCollection(id)
    })
  }

  async deleteCollection(id: string): Promise<boolean> {
    const { collections, documents, chunks, documentOpenings } = this.db
    // The evaluation and chat stores' tables are written in the same transaction.
    const tables = [collections, documents, chunks, documentOpenings].map(({ name }) => name)
    tables.push('chatSessions', 'chatMessages', 'evaluationRuns', 'evaluationStates')
    return this.db.transaction('rw', tables, async () => {
      await chunks.where('collection_id').equals(id).delete()
      const documentIds = (await documents.where('collection_id').equals(id).toArray()).map((row) => row.id)
      await documentOpenings.bulkDelete(documentIds)
      await documents.where('collection_id').equals(id).delete()
      await this.evaluation.deleteRunsOf(id)
      // Conversations are the user's: they stay, without the collection.
      await this.chat.detachCollection(id)
      return (await collections.where('id').equals(id).delete()) > 0
    })
  }

  /** Every collection, its counts made from the documents' kept rows (outside a transaction only). */
  private async keptCollections(): Promise<Collection[]> {
    const [rows, counts] = await Promise.all([this.kept.all(), this.documents.counts()])
    return rows.map(({ seq: _seq, ...collection }) => {
      const count = counts.get(collection.id)
      return { ...collection, document_count: count?.documents ?? 0, processed_count: count?.completed ?? 0 }
    })
  }

  private async withCount(row: CollectionRow): Promise<Collection> {
    const { seq: _seq, ...collection } = row
    // Both counts asked at once: IndexedDB answers them in one turn rather than two.
    const [document_count, processed_count] = await Promise.all([
      this.db.documents.where('collection_id').equals(row.id).count(),
      this.db.documents.where('[collection_id+status]').equals([row.id, 'completed']).count(),
    ])
    return { ...collection, document_count, processed_count }
  }
}

import type { Collection, CollectionPatch, NewCollection } from '../../core/store/Collection'
import type { CollectionStore } from '../../core/store/CollectionStore'
import type { DexieChatRecords } from './DexieChatRecords'
import type { DexieEvaluationRecords } from './DexieEvaluationRecords'
import { definedOnly } from './definedOnly'
import type { CollectionRow, QuireDatabase } from './QuireDatabase'

/**
 * The collections of the Store port over Dexie. Deleting one reaches into chat and evaluation
 * (IndexedDB has no cascades), so it is handed those two sub-ports.
 */
export class DexieCollections implements CollectionStore {
  constructor(
    private readonly db: QuireDatabase,
    private readonly chat: DexieChatRecords,
    private readonly evaluation: DexieEvaluationRecords,
  ) {}

  async createCollection(input: NewCollection): Promise<Collection> {
    // `add` (not `put`) so that the unique id index rejects a duplicate instead of overwriting.
    await this.db.collections.add({ ...input })
    return { ...input, document_count: 0, processed_count: 0 }
  }

  async listCollections(): Promise<Collection[]> {
    return this.db.transaction('r', this.db.collections, this.db.documents, async () => {
      const rows = await this.db.collections.orderBy('[created_at+seq]').reverse().toArray()
      return Promise.all(rows.map((row) => this.withCount(row)))
    })
  }

  async getCollection(id: string): Promise<Collection | undefined> {
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

  private async withCount(row: CollectionRow): Promise<Collection> {
    const { seq: _seq, ...collection } = row
    // Both counts asked at once: IndexedDB answers them in one turn rather than two (a search checks its
    // collection with these; bench/README.md, browser-large, session 40).
    const [document_count, processed_count] = await Promise.all([
      this.db.documents.where('collection_id').equals(row.id).count(),
      this.db.documents.where('[collection_id+status]').equals([row.id, 'completed']).count(),
    ])
    return { ...collection, document_count, processed_count }
  }
}

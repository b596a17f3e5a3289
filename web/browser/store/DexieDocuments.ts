import type { DocumentFilter, DocumentPatch, DocumentRecord } from '../../core/store/DocumentRecord'
import type { DocumentStore } from '../../core/store/DocumentStore'
import { definedOnly } from './definedOnly'
import { KeptRows } from './KeptRows'
import type { DocumentRow, QuireDatabase } from './QuireDatabase'

/**
 * The documents of the Store port over Dexie (their chunks: DexieChunks). Every document record, newest
 * first, is kept in memory between reads (`KeptRows`): a search lists its collection's completed documents
 * before anything else (their embedder, their profiles), and reading them from IndexedDB was about 4.5 ms
 * of a page's search at 200 documents (bench/README, browser-large). A caller gets its own top-level copy
 * of each, as it did from IndexedDB.
 */
export class DexieDocuments implements DocumentStore {
  private readonly kept: KeptRows<DocumentRow>

  constructor(private readonly db: QuireDatabase) {
    this.kept = new KeptRows(db, db.documents, () =>
      db.documents.orderBy('[created_at+seq]').reverse().toArray(),
    )
  }

  /** Stops listening for writes (the database is closing). */
  close(): void {
    this.kept.close()
  }

  /** How many documents each collection has, and how many of them are completed (kept rows, or read). */
  async counts(): Promise<Map<string, { documents: number; completed: number }>> {
    const counts = new Map<string, { documents: number; completed: number }>()
    for (const row of await this.kept.all()) {
      const count = counts.get(row.collection_id) ?? { documents: 0, completed: 0 }
      count.documents++
      if (row.status === 'completed') count.completed++
      counts.set(row.collection_id, count)
    }
    return counts
  }

  async createDocument(document: DocumentRecord): Promise<DocumentRecord> {
    await this.db.documents.add(structuredClone(document))
    return document
  }

  async getDocument(id: string): Promise<DocumentRecord | undefined> {
    const row = await this.db.documents.where('id').equals(id).first()
    return row && withoutSeq(row)
  }

  async listDocuments(filter: DocumentFilter = {}): Promise<DocumentRecord[]> {
    const rows = await this.kept.all()
    return rows
      .filter(
        (row) =>
          (filter.collectionId === undefined || row.collection_id === filter.collectionId) &&
          (filter.statuses === undefined || filter.statuses.includes(row.status)),
      )
      .map(withoutSeq)
  }

  async updateDocument(id: string, patch: DocumentPatch): Promise<DocumentRecord | undefined> {
    const changes = definedOnly(patch)
    return this.db.transaction('rw', this.db.documents, async () => {
      const count = await this.db.documents.where('id').equals(id).modify(changes)
      return count === 0 ? undefined : this.getDocument(id)
    })
  }

  async deleteDocument(id: string): Promise<boolean> {
    const { documents, chunks, documentOpenings } = this.db
    return this.db.transaction('rw', documents, chunks, documentOpenings, async () => {
      await chunks.where('document_id').equals(id).delete()
      await documentOpenings.delete(id)
      return (await documents.where('id').equals(id).delete()) > 0
    })
  }
}

function withoutSeq(row: DocumentRow): DocumentRecord {
  const { seq: _seq, ...document } = row
  return document
}

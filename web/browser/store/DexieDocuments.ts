import type { DocumentFilter, DocumentPatch, DocumentRecord } from '../../core/store/DocumentRecord'
import type { DocumentStore } from '../../core/store/DocumentStore'
import { definedOnly } from './definedOnly'
import type { DocumentRow, QuireDatabase } from './QuireDatabase'

/** The documents of the Store port over Dexie (their chunks: DexieChunks). */
export class DexieDocuments implements DocumentStore {
  constructor(private readonly db: QuireDatabase) {}

  async createDocument(document: DocumentRecord): Promise<DocumentRecord> {
    await this.db.documents.add(structuredClone(document))
    return document
  }

  async getDocument(id: string): Promise<DocumentRecord | undefined> {
    const row = await this.db.documents.where('id').equals(id).first()
    return row && withoutSeq(row)
  }

  async listDocuments(filter: DocumentFilter = {}): Promise<DocumentRecord[]> {
    const rows = await this.db.documents.orderBy('[created_at+seq]').reverse().toArray()
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

import type { ChunkFilter, ChunkRecord } from '../../core/store/ChunkRecord'
import type { Collection, CollectionPatch, NewCollection } from '../../core/store/Collection'
import type { DocumentFilter, DocumentPatch, DocumentRecord } from '../../core/store/DocumentRecord'
import type { Store } from '../../core/store/Store'
import { QuireDatabase, type CollectionRow, type DocumentRow } from './QuireDatabase'

/** The Store port over IndexedDB (Dexie). Runs in the API worker, which owns the database. */
export class DexieStore implements Store {
  constructor(private readonly db: QuireDatabase = new QuireDatabase()) {}

  async createCollection(input: NewCollection): Promise<Collection> {
    // `add` (not `put`) so that the unique id index rejects a duplicate instead of overwriting.
    await this.db.collections.add({ ...input })
    return { ...input, document_count: 0 }
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
    return this.db.transaction('rw', this.db.collections, this.db.documents, this.db.chunks, async () => {
      await this.db.chunks.where('collection_id').equals(id).delete()
      await this.db.documents.where('collection_id').equals(id).delete()
      return (await this.db.collections.where('id').equals(id).delete()) > 0
    })
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
    return this.db.transaction('rw', this.db.documents, this.db.chunks, async () => {
      await this.db.chunks.where('document_id').equals(id).delete()
      return (await this.db.documents.where('id').equals(id).delete()) > 0
    })
  }

  async replaceChunks(documentId: string, chunks: readonly ChunkRecord[]): Promise<void> {
    await this.db.transaction('rw', this.db.chunks, async () => {
      await this.db.chunks.where('document_id').equals(documentId).delete()
      await this.db.chunks.bulkAdd([...chunks])
    })
  }

  async listChunks(filter: ChunkFilter = {}): Promise<ChunkRecord[]> {
    return this.db.transaction('r', this.db.documents, this.db.chunks, async () => {
      const chunks =
        filter.documentId !== undefined
          ? await this.db.chunks.where('document_id').equals(filter.documentId).toArray()
          : filter.collectionId !== undefined
            ? await this.db.chunks.where('collection_id').equals(filter.collectionId).toArray()
            : await this.db.chunks.toArray()
      const documents = await this.db.documents.toArray()
      const order = new Map(
        documents
          .sort((a, b) => a.created_at.localeCompare(b.created_at) || (a.seq ?? 0) - (b.seq ?? 0))
          .map((d, i) => [d.id, i]),
      )
      return chunks
        .filter((c) => filter.collectionId === undefined || c.collection_id === filter.collectionId)
        .sort(
          (a, b) => (order.get(a.document_id) ?? 0) - (order.get(b.document_id) ?? 0) || a.index - b.index,
        )
    })
  }

  async close(): Promise<void> {
    this.db.close()
  }

  private async withCount(row: CollectionRow): Promise<Collection> {
    const { seq: _seq, ...collection } = row
    const document_count = await this.db.documents
      .where('[collection_id+status]')
      .equals([row.id, 'completed'])
      .count()
    return { ...collection, document_count }
  }
}

function withoutSeq(row: DocumentRow): DocumentRecord {
  const { seq: _seq, ...document } = row
  return document
}

function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>
}

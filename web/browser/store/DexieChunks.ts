import type { ChunkFilter, ChunkRecord } from '../../core/store/ChunkRecord'
import type { ChunkStore } from '../../core/store/ChunkStore'
import type { ChunkVector } from '../../core/store/ChunkVector'
import type { QuireDatabase } from './QuireDatabase'

/** The chunks of the Store port over Dexie, with their vectors in the same records. */
export class DexieChunks implements ChunkStore {
  constructor(private readonly db: QuireDatabase) {}

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

  async getChunks(ids: readonly string[]): Promise<ChunkRecord[]> {
    const found = await this.db.chunks.bulkGet([...ids])
    return found.filter((chunk): chunk is ChunkRecord => chunk !== undefined)
  }

  /** IndexedDB reads whole records; only the vector and embedder are handed on. */
  async chunkVectors(ids: readonly string[]): Promise<ChunkVector[]> {
    return (await this.getChunks(ids)).map(({ id, embedder, vector }) => ({ id, embedder, vector }))
  }
}

import Dexie from 'dexie'
import type { ChunkFilter, ChunkRecord } from '../../core/store/ChunkRecord'
import type { ChunkStore } from '../../core/store/ChunkStore'
import type { ChunkVector } from '../../core/store/ChunkVector'
import { documentOpening, type DocumentOpening } from '../../core/store/DocumentOpening'
import { openingTerms } from '../../core/retrieve/openingTerms'
import { ChunkVectorCache } from './ChunkVectorCache'
import { KeptRows } from './KeptRows'
import type { DocumentOpeningRow, QuireDatabase } from './QuireDatabase'

/**
 * Vectors kept in memory for rescoring (`ChunkVectorCache`): 40 000 rows are about 60 MB at 384
 * dimensions, every vector of a folder of a few dozen annual reports (the dev folder's eight: 5,482).
 */
const VECTOR_CACHE_ROWS = 40_000

/**
 * Documents whose chunks are kept whole: a figure answer reads its two best filings' (tableEvidence). A
 * filing of a thousand pages is a few thousand passages, about 2 KB each with its vector.
 */
const DOCUMENTS_KEPT = 4

/** The chunks of the Store port over Dexie, with their vectors in the same records. */
export class DexieChunks implements ChunkStore {
  private readonly vectorCache = new ChunkVectorCache(VECTOR_CACHE_ROWS)
  /** The whole of the last few documents read whole (`KeptRows`: forgotten on any write to the table). */
  private readonly documentChunks: KeptRows<ChunkRecord>
  /** Writes to the chunks table so far: a read that overlapped one is not cached. */
  private writes = 0

  constructor(private readonly db: QuireDatabase) {
    // Every write to the table through this database (here, a document's or collection's delete, sync),
    // whether it commits or not: the cache holds only what no write has touched since it was read.
    const changed = () => {
      this.writes++
      this.vectorCache.clear()
    }
    db.chunks.hook('creating', changed)
    db.chunks.hook('updating', changed)
    db.chunks.hook('deleting', changed)
    this.documentChunks = new KeptRows(
      db,
      db.chunks,
      (documentId) => this.documentRange(documentId).toArray(),
      DOCUMENTS_KEPT,
    )
  }

  /** Stops listening for writes (the database is closing). */
  close(): void {
    this.documentChunks.close()
  }

  /** A document's chunks in order, straight from the [document_id+index] index: no other row read. */
  private documentRange(documentId: string) {
    return this.db.chunks
      .where('[document_id+index]')
      .between([documentId, Dexie.minKey], [documentId, Dexie.maxKey])
  }

  async replaceChunks(documentId: string, chunks: readonly ChunkRecord[]): Promise<void> {
    const opening = withTerms(documentId, documentOpening(chunks))
    const { chunks: table, chunkSets, documentOpenings } = this.db
    await this.db.transaction('rw', table, chunkSets, documentOpenings, async () => {
      await table.where('document_id').equals(documentId).delete()
      await table.bulkAdd([...chunks])
      // In the same transaction: the index snapshot's version of this document's chunks (DexieIndexSnapshots)
      // and the opening its profile reads, so neither is ever another set's.
      const set = (await chunkSets.get(documentId))?.set ?? 0
      await chunkSets.put({ document_id: documentId, set: set + 1 })
      await documentOpenings.put(opening)
    })
  }

  /**
   * The rows added and the document's chunk set raised, in one transaction (the set is its version for
   * the index snapshot, `DexieIndexSnapshots`); nothing for a document that is gone.
   */
  async addChunks(documentId: string, chunks: readonly ChunkRecord[]): Promise<void> {
    if (chunks.length === 0) return
    const { chunks: table, chunkSets, documents } = this.db
    await this.db.transaction('rw', table, chunkSets, documents, async () => {
      if ((await documents.where('id').equals(documentId).count()) === 0) return
      await table.bulkAdd([...chunks])
      const set = (await chunkSets.get(documentId))?.set ?? 0
      await chunkSets.put({ document_id: documentId, set: set + 1 })
    })
  }

  /** One `bulkGet` of the openings' own table: no chunk and no document record is read. */
  async documentOpenings(documentIds: readonly string[]): Promise<Map<string, DocumentOpening>> {
    const rows = await this.db.documentOpenings.bulkGet([...documentIds])
    const openings = new Map<string, DocumentOpening>()
    for (const row of rows) {
      if (row) openings.set(row.document_id, { text: row.text, paged: row.paged, terms: row.terms })
    }
    return openings
  }

  /** In one transaction with the documents, so a document deleted meanwhile gets no row. */
  async keepOpenings(openings: ReadonlyMap<string, DocumentOpening>): Promise<void> {
    if (openings.size === 0) return
    const ids = [...openings.keys()]
    // Counted before the transaction, which would otherwise stay open for them.
    const made = ids.map((id) => withTerms(id, openings.get(id)!))
    const { documents, documentOpenings } = this.db
    await this.db.transaction('rw', documents, documentOpenings, async () => {
      const stored = await documentOpenings.bulkGet(ids)
      // The `id` index's keys: the documents' primary key is their `seq`.
      const existing = new Set(await documents.where('id').anyOf(ids).keys())
      const rows = made.filter((row, i) => !stored[i] && existing.has(row.document_id))
      await documentOpenings.bulkPut(rows)
    })
  }

  async listChunks(filter: ChunkFilter = {}): Promise<ChunkRecord[]> {
    if (filter.documentId !== undefined && filter.collectionId === undefined) {
      // One document's chunks, in order: all of them kept (a figure answer reads its filing's tables, a model's
      // answer its cited pages, and a question that follows asks of the same filing), its first ones read.
      if (filter.limit === undefined) return [...(await this.documentChunks.of(filter.documentId))]
      return this.documentRange(filter.documentId).limit(filter.limit).toArray()
    }
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
        .slice(0, filter.limit)
    })
  }

  async getChunks(ids: readonly string[]): Promise<ChunkRecord[]> {
    const found = await this.db.chunks.bulkGet([...ids])
    return found.filter((chunk): chunk is ChunkRecord => chunk !== undefined)
  }

  /**
   * IndexedDB reads whole records; only the vector and embedder are handed on, and kept in memory
   * (`ChunkVectorCache`): a search rescoring its candidates reads from IndexedDB only those it never read.
   */
  async chunkVectors(ids: readonly string[]): Promise<ChunkVector[]> {
    const found: ChunkVector[] = []
    const missing: string[] = []
    for (const id of ids) {
      const cached = this.vectorCache.get(id)
      if (cached) found.push(cached)
      else missing.push(id)
    }
    if (missing.length === 0) return found
    const writes = this.writes
    for (const { id, embedder, vector } of await this.getChunks(missing)) {
      const read = { id, embedder, vector }
      found.push(read)
      if (this.writes === writes) this.vectorCache.set(read)
    }
    return found
  }
}

/** The row of a document's opening, with its terms counted: made once here, read at every start. */
function withTerms(documentId: string, { text, paged }: DocumentOpening): DocumentOpeningRow {
  return { document_id: documentId, text, paged, terms: openingTerms(text) }
}

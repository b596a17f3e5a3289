import Dexie from 'dexie'
import type { DocumentFilter, DocumentPatch, DocumentRecord } from '../../core/store/DocumentRecord'
import type { DocumentStore } from '../../core/store/DocumentStore'
import { definedOnly } from './definedOnly'
import type { DocumentRow, QuireDatabase } from './QuireDatabase'

/**
 * The documents of the Store port over Dexie (their chunks: DexieChunks).
 *
 * Every document record, newest first, is kept in memory between reads: a search lists its collection's
 * completed documents before anything else (their embedder, their profiles), and reading them from
 * IndexedDB, a round trip to the browser process, was about 4.5 ms of a page's search at 200 documents
 * (bench/README, browser-large). Dexie's `storagemutated` fires once a write to the table commits, through
 * this database or any other tab's or worker's (a BroadcastChannel), so a document processed or synced
 * elsewhere is never missed; a read that a write overlapped is not kept. The kept rows are frozen: a
 * caller gets its own top-level copy, as it did from IndexedDB, and cannot change what the next one reads.
 */
export class DexieDocuments implements DocumentStore {
  private rows: readonly DocumentRow[] | undefined
  /** Commits to the documents table seen so far: a read that overlapped one is not kept. */
  private writes = 0
  private readonly tablePart: string
  private readonly onMutated = (parts: Record<string, unknown>) => {
    // 'all': Dexie's word for "anything may have changed" (a page restored from the back-forward cache).
    for (const part in parts) if (part === 'all' || part.startsWith(this.tablePart)) return this.forget()
  }

  constructor(private readonly db: QuireDatabase) {
    this.tablePart = `idb://${db.name}/${db.documents.name}/`
    Dexie.on('storagemutated', this.onMutated)
    // Closed from elsewhere (another tab deleting or upgrading the database): what is kept may be gone.
    db.on('close', () => this.forget())
  }

  private forget(): void {
    this.writes++
    this.rows = undefined
  }

  /** Stops listening for writes (the database is closing). */
  close(): void {
    Dexie.on('storagemutated').unsubscribe(this.onMutated)
    this.forget()
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
    const rows = await this.allRows()
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

  /** Every row, newest first: the kept ones, or read and kept when no write overlapped the read. */
  private async allRows(): Promise<readonly DocumentRow[]> {
    const read = () => this.db.documents.orderBy('[created_at+seq]').reverse().toArray()
    // Inside a transaction a read sees that transaction's own writes, which the kept rows do not hold,
    // and which may yet be rolled back: read it from the table, and keep nothing.
    if (Dexie.currentTransaction) return read()
    if (this.rows) return this.rows
    const writes = this.writes
    const rows = await read()
    rows.forEach(deepFreeze)
    if (this.writes === writes) this.rows = rows
    return rows
  }
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return
  Object.freeze(value)
  for (const inner of Object.values(value)) deepFreeze(inner)
}

function withoutSeq(row: DocumentRow): DocumentRecord {
  const { seq: _seq, ...document } = row
  return document
}

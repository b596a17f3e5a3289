import type { ChunkFilter, ChunkRecord } from '../../../web/core/store/ChunkRecord'
import type { Collection, CollectionPatch, NewCollection } from '../../../web/core/store/Collection'
import type { DocumentFilter, DocumentPatch, DocumentRecord } from '../../../web/core/store/DocumentRecord'
import type { Store } from '../../../web/core/store/Store'
import {
  fromChunkRow,
  fromDocumentRow,
  toChunkParams,
  toDocumentParams,
  type ChunkRow,
  type DocumentRow,
} from './rows'
import type { SqlDriver, SqlValue } from './SqlDriver'

const COLLECTION_COLUMNS = `id, name, description, color, created_at, updated_at,
  (SELECT COUNT(*) FROM documents d WHERE d.collection_id = collections.id AND d.status = 'completed') AS document_count`
const PATCHABLE_COLLECTION = ['name', 'description', 'color', 'updated_at'] as const
const DOCUMENT_COLUMNS = `id, collection_id, filename, original_filename, file_path, file_size, document_type,
  status, created_at, processed_at, metadata, chunk_count, progress`
const CHUNK_COLUMNS =
  'id, document_id, collection_id, idx, text, page, heading, token_count, embedder, vector'

/** The Store port over SQL. Knows nothing about the database engine beyond the SqlDriver seam. */
export class SqlStore implements Store {
  constructor(private readonly driver: SqlDriver) {}

  async createCollection(input: NewCollection): Promise<Collection> {
    await this.driver.run(
      'INSERT INTO collections (id, name, description, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      [input.id, input.name, input.description, input.color, input.created_at, input.updated_at],
    )
    return { ...input, document_count: 0 }
  }

  listCollections(): Promise<Collection[]> {
    return this.driver.all<Collection>(
      `SELECT ${COLLECTION_COLUMNS} FROM collections ORDER BY created_at DESC, seq DESC`,
    )
  }

  getCollection(id: string): Promise<Collection | undefined> {
    return this.driver.get<Collection>(`SELECT ${COLLECTION_COLUMNS} FROM collections WHERE id = ?`, [id])
  }

  async updateCollection(id: string, patch: CollectionPatch): Promise<Collection | undefined> {
    // Only whitelisted column names ever reach the SQL text; values always go through parameters.
    const keys = PATCHABLE_COLLECTION.filter((key) => patch[key] !== undefined)
    const values: SqlValue[] = keys.map((key) => patch[key] ?? null)
    const { changes } = await this.driver.run(
      `UPDATE collections SET ${keys.map((key) => `${key} = ?`).join(', ')} WHERE id = ?`,
      [...values, id],
    )
    return changes === 0 ? undefined : this.getCollection(id)
  }

  async deleteCollection(id: string): Promise<boolean> {
    // Documents and chunks go with it (ON DELETE CASCADE).
    const { changes } = await this.driver.run('DELETE FROM collections WHERE id = ?', [id])
    return changes > 0
  }

  async createDocument(document: DocumentRecord): Promise<DocumentRecord> {
    const params = toDocumentParams(document)
    await this.driver.run(
      `INSERT INTO documents (${Object.keys(params).join(', ')}) VALUES (${Object.keys(params)
        .map(() => '?')
        .join(', ')})`,
      Object.values(params),
    )
    return document
  }

  async getDocument(id: string): Promise<DocumentRecord | undefined> {
    const row = await this.driver.get<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = ?`, [
      id,
    ])
    return row && fromDocumentRow(row)
  }

  async listDocuments(filter: DocumentFilter = {}): Promise<DocumentRecord[]> {
    const where: string[] = []
    const params: SqlValue[] = []
    if (filter.collectionId !== undefined) {
      where.push('collection_id = ?')
      params.push(filter.collectionId)
    }
    if (filter.statuses) {
      where.push(`status IN (${filter.statuses.map(() => '?').join(', ') || 'NULL'})`)
      params.push(...filter.statuses)
    }
    const rows = await this.driver.all<DocumentRow>(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY created_at DESC, seq DESC`,
      params,
    )
    return rows.map(fromDocumentRow)
  }

  async updateDocument(id: string, patch: DocumentPatch): Promise<DocumentRecord | undefined> {
    const current = await this.getDocument(id)
    if (!current) return undefined
    const params = toDocumentParams({ ...current, ...patch })
    const keys = ['status', 'processed_at', 'metadata', 'chunk_count', 'progress'] as const
    await this.driver.run(`UPDATE documents SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`, [
      ...keys.map((k) => params[k]),
      id,
    ])
    return this.getDocument(id)
  }

  async deleteDocument(id: string): Promise<boolean> {
    const { changes } = await this.driver.run('DELETE FROM documents WHERE id = ?', [id])
    return changes > 0
  }

  async replaceChunks(documentId: string, chunks: readonly ChunkRecord[]): Promise<void> {
    const insert = `INSERT INTO chunks (${CHUNK_COLUMNS}) VALUES (${CHUNK_COLUMNS.split(',')
      .map(() => '?')
      .join(', ')})`
    await this.driver.batch([
      { sql: 'DELETE FROM chunks WHERE document_id = ?', params: [documentId] },
      ...chunks.map((chunk) => ({ sql: insert, params: toChunkParams(chunk) })),
    ])
  }

  async listChunks(filter: ChunkFilter = {}): Promise<ChunkRecord[]> {
    const where: string[] = []
    const params: SqlValue[] = []
    if (filter.documentId !== undefined) {
      where.push('c.document_id = ?')
      params.push(filter.documentId)
    }
    if (filter.collectionId !== undefined) {
      where.push('c.collection_id = ?')
      params.push(filter.collectionId)
    }
    const rows = await this.driver.all<ChunkRow>(
      `SELECT ${CHUNK_COLUMNS.split(', ')
        .map((c) => `c.${c}`)
        .join(', ')} FROM chunks c JOIN documents d ON d.id = c.document_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY d.created_at, d.seq, c.idx`,
      params,
    )
    return rows.map(fromChunkRow)
  }

  close(): Promise<void> {
    return this.driver.close()
  }
}

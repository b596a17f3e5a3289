import type { DocumentFilter, DocumentPatch, DocumentRecord } from '../../../web/core/store/DocumentRecord'
import type { DocumentStore } from '../../../web/core/store/DocumentStore'
import { fromDocumentRow, toDocumentParams, type DocumentRow } from './rows'
import type { SqlDriver, SqlValue } from './SqlDriver'

const DOCUMENT_COLUMNS = `id, collection_id, filename, original_filename, file_path, file_size, document_type,
  status, created_at, processed_at, metadata, chunk_count, progress`

/** The columns a `DocumentPatch` may change. */
const PATCHED_COLUMNS = [
  'status',
  'processed_at',
  'metadata',
  'chunk_count',
  'progress',
  'original_filename',
  'file_path',
  'file_size',
  'document_type',
] as const satisfies ReadonlyArray<keyof DocumentPatch>

/** The documents of the Store port over SQL (their chunks: SqlChunks). */
export class SqlDocuments implements DocumentStore {
  constructor(private readonly driver: SqlDriver) {}

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
    // Only the columns the patch gives a value (null included), as the browser's store modifies them: a
    // progress write that read the row before a rename must not put the old name back (two connections of
    // PostgreSQL interleave them).
    const keys = PATCHED_COLUMNS.filter((key) => patch[key] !== undefined)
    if (keys.length === 0) return current
    const params = toDocumentParams({ ...current, ...patch })
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
}

import type { ChatMessage } from '../../../web/core/store/ChatMessage'
import type { ChatSession, ChatSessionPatch, NewChatSession } from '../../../web/core/store/ChatSession'
import type { ChunkFilter, ChunkRecord } from '../../../web/core/store/ChunkRecord'
import type { Collection, CollectionPatch, NewCollection } from '../../../web/core/store/Collection'
import type { DocumentFilter, DocumentPatch, DocumentRecord } from '../../../web/core/store/DocumentRecord'
import type {
  EvaluationResult,
  EvaluationRun,
  EvaluationRunPatch,
  EvaluationState,
} from '../../../web/core/store/EvaluationRun'
import type { Store } from '../../../web/core/store/Store'
import type { RecordWrite, StoredRecord } from '../../../web/core/store/StoredRecord'
import {
  fromChunkRow,
  fromDocumentRow,
  toChunkParams,
  toDocumentParams,
  type ChunkRow,
  type DocumentRow,
} from './rows'
import { SqlChatRecords } from './SqlChatRecords'
import type { SqlDriver, SqlValue } from './SqlDriver'
import { SqlEvaluationRecords } from './SqlEvaluationRecords'
import { SqlRecords } from './SqlRecords'

const COLLECTION_COLUMNS = `id, name, description, color, created_at, updated_at,
  (SELECT COUNT(*) FROM documents d WHERE d.collection_id = collections.id AND d.status = 'completed') AS document_count`
const PATCHABLE_COLLECTION = ['name', 'description', 'color', 'updated_at'] as const
const DOCUMENT_COLUMNS = `id, collection_id, filename, original_filename, file_path, file_size, document_type,
  status, created_at, processed_at, metadata, chunk_count, progress`
const CHUNK_COLUMNS =
  'id, document_id, collection_id, idx, text, page, heading, token_count, embedder, vector'

/**
 * The Store port over SQL. Knows nothing about the database engine beyond the SqlDriver seam.
 * Collections, documents and chunks live here; chat and evaluation records in their own classes.
 */
export class SqlStore implements Store {
  private readonly chat: SqlChatRecords
  private readonly evaluation: SqlEvaluationRecords
  private readonly records: SqlRecords

  constructor(private readonly driver: SqlDriver) {
    this.chat = new SqlChatRecords(driver)
    this.evaluation = new SqlEvaluationRecords(driver)
    this.records = new SqlRecords(driver)
  }

  getRecord(kind: string, id: string): Promise<StoredRecord | undefined> {
    return this.records.get(kind, id)
  }

  listRecords(kind: string, filter?: { parentId?: string }): Promise<StoredRecord[]> {
    return this.records.list(kind, filter)
  }

  writeRecords(writes: readonly RecordWrite[]): Promise<void> {
    return this.records.write(writes)
  }

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
    // Documents, chunks, evaluation runs with their results and state go with it (ON DELETE CASCADE);
    // chat sessions and messages stay, their collection_id set to null (ON DELETE SET NULL).
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

  createSession(input: NewChatSession): Promise<ChatSession> {
    return this.chat.createSession(input)
  }

  listSessions(): Promise<ChatSession[]> {
    return this.chat.listSessions()
  }

  getSession(id: string): Promise<ChatSession | undefined> {
    return this.chat.getSession(id)
  }

  updateSession(id: string, patch: ChatSessionPatch): Promise<ChatSession | undefined> {
    return this.chat.updateSession(id, patch)
  }

  deleteSession(id: string): Promise<boolean> {
    return this.chat.deleteSession(id)
  }

  addMessage(message: ChatMessage): Promise<ChatMessage> {
    return this.chat.addMessage(message)
  }

  listMessages(sessionId: string, options: { limit: number }): Promise<ChatMessage[]> {
    return this.chat.listMessages(sessionId, options)
  }

  createEvaluationRun(run: EvaluationRun): Promise<EvaluationRun> {
    return this.evaluation.createEvaluationRun(run)
  }

  getEvaluationRun(id: string): Promise<EvaluationRun | undefined> {
    return this.evaluation.getEvaluationRun(id)
  }

  listEvaluationRuns(filter?: { collectionId?: string }): Promise<EvaluationRun[]> {
    return this.evaluation.listEvaluationRuns(filter)
  }

  updateEvaluationRun(id: string, patch: EvaluationRunPatch): Promise<EvaluationRun | undefined> {
    return this.evaluation.updateEvaluationRun(id, patch)
  }

  appendEvaluationResults(
    id: string,
    results: readonly EvaluationResult[],
  ): Promise<EvaluationRun | undefined> {
    return this.evaluation.appendEvaluationResults(id, results)
  }

  saveEvaluationState(runId: string, state: unknown, savedAt: string): Promise<void> {
    return this.evaluation.saveEvaluationState(runId, state, savedAt)
  }

  getEvaluationState(runId: string): Promise<EvaluationState | undefined> {
    return this.evaluation.getEvaluationState(runId)
  }

  async getChunks(ids: readonly string[]): Promise<ChunkRecord[]> {
    const rows: ChunkRow[] = []
    // SQLite caps bound parameters (32,766 by default); top_k is at most 50, but callers may ask more.
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500)
      rows.push(
        ...(await this.driver.all<ChunkRow>(
          `SELECT ${CHUNK_COLUMNS} FROM chunks WHERE id IN (${part.map(() => '?').join(', ')})`,
          [...part],
        )),
      )
    }
    return rows.map(fromChunkRow)
  }

  async getSettings(): Promise<unknown> {
    const row = await this.driver.get<{ value: string }>("SELECT value FROM settings WHERE key = 'settings'")
    return row ? (JSON.parse(row.value) as unknown) : undefined
  }

  async putSettings(value: unknown): Promise<void> {
    await this.driver.run(
      "INSERT INTO settings (key, value) VALUES ('settings', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [JSON.stringify(value)],
    )
  }

  close(): Promise<void> {
    return this.driver.close()
  }
}

import type { ChatMessage } from '../../../web/core/store/ChatMessage'
import type { ChatSession, ChatSessionPatch, NewChatSession } from '../../../web/core/store/ChatSession'
import type { ChunkFilter, ChunkRecord } from '../../../web/core/store/ChunkRecord'
import type { ChunkVector } from '../../../web/core/store/ChunkVector'
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
import { readChunkVectors } from './readChunkVectors'
import { fromDocumentRow, toDocumentParams, type DocumentRow } from './rows'
import { SqlChatRecords } from './SqlChatRecords'
import { SqlChunks } from './SqlChunks'
import type { SqlDriver, SqlValue } from './SqlDriver'
import { SqlEvaluationRecords } from './SqlEvaluationRecords'
import { SqlRecords } from './SqlRecords'

const COLLECTION_COLUMNS = `id, name, description, color, created_at, updated_at,
  (SELECT COUNT(*) FROM documents d WHERE d.collection_id = collections.id AND d.status = 'completed') AS document_count`
const PATCHABLE_COLLECTION = ['name', 'description', 'color', 'updated_at'] as const
const DOCUMENT_COLUMNS = `id, collection_id, filename, original_filename, file_path, file_size, document_type,
  status, created_at, processed_at, metadata, chunk_count, progress`

/**
 * The Store port over SQL. Knows nothing about the database engine beyond the SqlDriver seam.
 * Collections and documents live here; chunks, chat and evaluation records in their own classes.
 */
export class SqlStore implements Store {
  private readonly chat: SqlChatRecords
  private readonly evaluation: SqlEvaluationRecords
  private readonly records: SqlRecords
  private readonly chunks: SqlChunks

  constructor(private readonly driver: SqlDriver) {
    this.chunks = new SqlChunks(driver)
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
    const keys = [
      'status',
      'processed_at',
      'metadata',
      'chunk_count',
      'progress',
      'original_filename',
    ] as const
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

  /** In steps, with the event loop let run between them; a reader never sees half (see SqlChunks). */
  replaceChunks(documentId: string, chunks: readonly ChunkRecord[]): Promise<void> {
    return this.chunks.replace(documentId, chunks)
  }

  listChunks(filter: ChunkFilter = {}): Promise<ChunkRecord[]> {
    return this.chunks.list(filter)
  }

  /** Deletes chunk rows that a stop in the middle of a replacement left behind (call at open). */
  sweepChunks(): Promise<void> {
    return this.chunks.sweep()
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

  getChunks(ids: readonly string[]): Promise<ChunkRecord[]> {
    return this.chunks.get(ids)
  }

  chunkVectors(ids: readonly string[]): Promise<ChunkVector[]> {
    return readChunkVectors(this.driver, ids)
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

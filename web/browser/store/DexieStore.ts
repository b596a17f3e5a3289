import type { ChatMessage } from '../../core/store/ChatMessage'
import type { ChatSession, ChatSessionPatch, NewChatSession } from '../../core/store/ChatSession'
import type { ChunkFilter, ChunkRecord } from '../../core/store/ChunkRecord'
import type { ChunkVector } from '../../core/store/ChunkVector'
import type { Collection, CollectionPatch, NewCollection } from '../../core/store/Collection'
import type { DocumentFilter, DocumentPatch, DocumentRecord } from '../../core/store/DocumentRecord'
import type {
  EvaluationResult,
  EvaluationRun,
  EvaluationRunPatch,
  EvaluationState,
} from '../../core/store/EvaluationRun'
import type { Store } from '../../core/store/Store'
import type { RecordWrite, StoredRecord } from '../../core/store/StoredRecord'
import { DexieChatRecords } from './DexieChatRecords'
import { DexieEvaluationRecords } from './DexieEvaluationRecords'
import { DexieRecords } from './DexieRecords'
import { QuireDatabase, type CollectionRow, type DocumentRow } from './QuireDatabase'

/**
 * The Store port over IndexedDB (Dexie). Runs in the API worker, which owns the database.
 * Collections, documents and chunks live here; chat and evaluation records in their own classes.
 */
export class DexieStore implements Store {
  private readonly chat: DexieChatRecords
  private readonly evaluation: DexieEvaluationRecords
  private readonly records: DexieRecords

  constructor(private readonly db: QuireDatabase = new QuireDatabase()) {
    this.chat = new DexieChatRecords(db)
    this.evaluation = new DexieEvaluationRecords(db)
    this.records = new DexieRecords(db)
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
    const { collections, documents, chunks, chatSessions, chatMessages, evaluationRuns, evaluationStates } =
      this.db
    const tables = [
      collections,
      documents,
      chunks,
      chatSessions,
      chatMessages,
      evaluationRuns,
      evaluationStates,
    ]
    return this.db.transaction('rw', tables, async () => {
      await chunks.where('collection_id').equals(id).delete()
      await documents.where('collection_id').equals(id).delete()
      await this.evaluation.deleteRunsOf(id)
      // Conversations are the user's: they stay, without the collection.
      await this.chat.detachCollection(id)
      return (await collections.where('id').equals(id).delete()) > 0
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
    const found = await this.db.chunks.bulkGet([...ids])
    return found.filter((chunk): chunk is ChunkRecord => chunk !== undefined)
  }

  /** IndexedDB reads whole records; only the vector and embedder are handed on. */
  async chunkVectors(ids: readonly string[]): Promise<ChunkVector[]> {
    return (await this.getChunks(ids)).map(({ id, embedder, vector }) => ({ id, embedder, vector }))
  }

  async getSettings(): Promise<unknown> {
    return (await this.db.settings.get('settings'))?.value
  }

  async putSettings(value: unknown): Promise<void> {
    // Through JSON, as the SQL store keeps it: both give back exactly what JSON can carry.
    await this.db.settings.put({ key: 'settings', value: JSON.parse(JSON.stringify(value)) as unknown })
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

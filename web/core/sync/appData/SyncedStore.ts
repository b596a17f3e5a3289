import type { ChatMessage } from '../../store/ChatMessage'
import type { ChatSessionPatch, NewChatSession } from '../../store/ChatSession'
import type { ChunkRecord } from '../../store/ChunkRecord'
import type { CollectionPatch, NewCollection } from '../../store/Collection'
import type { DocumentPatch, DocumentRecord } from '../../store/DocumentRecord'
import type { FileStore } from '../../store/FileStore'
import type { Store } from '../../store/Store'
import type { RecordWrite, StoredRecord } from '../../store/StoredRecord'
import { chunkBlobKey } from './chunkBlob'
import { documentSyncValues } from './documentSyncValues'
import { RecentChunks } from './RecentChunks'
import { toSyncFields } from './syncFields'
import { recordKindOf } from '../../api/platform/recordKinds'
import { isSeeded } from '../../api/platform/seed/isSeeded'
import { recordSyncKind, recordSyncs, SETTINGS_ID, SYNC_KIND } from './syncKinds'
import { withoutSecrets } from '../../secrets/secretFields'
import type { SyncSink } from './SyncSink'
import {
  ALL_MESSAGES,
  collectionValuesOf,
  isPlainObject,
  messageValuesOf,
  sessionValuesOf,
  syncedRecordValues,
} from './syncValues'

/**
 * The store every route and job writes through on a host that syncs: each write goes to the inner
 * store, then what it changed goes to the sink as sync fields (only the changed fields, so edits
 * of different fields on two devices both survive). Reads pass through.
 *
 * A document syncs once processed (completed or failed), with its chunks and vectors as a blob
 * put in the host's FileStore: a device that pulls it never processes it again. While processing,
 * it is this device's alone.
 *
 * How it fails: the inner write happens first, and a failure to record the change for sync is
 * logged, not thrown (the person's write did happen; answering an error would invite a duplicate).
 * A crash between the two leaves that one change unsynced until the record is written again.
 */
export class SyncedStore implements Store {
  /** Chunks just stored, for the capture that follows (see RecentChunks). */
  private readonly recent = new RecentChunks()

  constructor(
    private readonly inner: Store,
    private readonly sink: SyncSink,
    private readonly files: FileStore,
    private readonly logError: (error: unknown) => void = console.error,
  ) {}

  private async emit(kind: string, id: string, fields: Record<string, unknown>): Promise<void> {
    if (Object.keys(fields).length === 0) return
    try {
      await this.sink.change(kind, id, fields)
    } catch (error) {
      this.logError(error)
    }
  }

  private async emitRemove(kind: string, id: string): Promise<void> {
    try {
      await this.sink.remove(kind, id)
    } catch (error) {
      this.logError(error)
    }
  }

  async createCollection(input: NewCollection) {
    const collection = await this.inner.createCollection(input)
    await this.emit(SYNC_KIND.collection, collection.id, toSyncFields(collectionValuesOf(collection)))
    return collection
  }

  listCollections() {
    return this.inner.listCollections()
  }

  getCollection(id: string) {
    return this.inner.getCollection(id)
  }

  async updateCollection(id: string, patch: CollectionPatch) {
    const before = await this.inner.getCollection(id)
    const collection = await this.inner.updateCollection(id, patch)
    if (collection && before) {
      const fields = toSyncFields(collectionValuesOf(collection), collectionValuesOf(before))
      await this.emit(SYNC_KIND.collection, id, fields)
    }
    return collection
  }

  async deleteCollection(id: string) {
    const documents = await this.inner.listDocuments({ collectionId: id })
    const blobs = await Promise.all(documents.map((d) => this.chunksKeyOf(d.id)))
    const deleted = await this.inner.deleteCollection(id)
    if (!deleted) return false
    await this.emitRemove(SYNC_KIND.collection, id)
    for (const document of documents) await this.emitRemove(SYNC_KIND.document, document.id)
    await this.deleteBlobs(blobs)
    return true
  }

  async createDocument(document: DocumentRecord) {
    const created = await this.inner.createDocument(document)
    await this.emitDocument(created)
    return created
  }

  getDocument(id: string) {
    return this.inner.getDocument(id)
  }

  listDocuments(filter?: Parameters<Store['listDocuments']>[0]) {
    return this.inner.listDocuments(filter)
  }

  async updateDocument(id: string, patch: DocumentPatch) {
    const document = await this.inner.updateDocument(id, patch)
    if (document) await this.emitDocument(document)
    return document
  }

  async deleteDocument(id: string) {
    const blob = await this.chunksKeyOf(id)
    const deleted = await this.inner.deleteDocument(id)
    this.recent.forget(id)
    if (deleted) {
      await this.emitRemove(SYNC_KIND.document, id)
      await this.deleteBlobs([blob])
    }
    return deleted
  }

  /** The blob of the chunks being replaced goes: a document has one chunk blob, its current one. */
  async replaceChunks(documentId: string, chunks: readonly ChunkRecord[]) {
    const previous = await this.chunksKeyOf(documentId)
    await this.inner.replaceChunks(documentId, chunks)
    this.recent.remember(documentId, chunks)
    if (previous && previous !== (await chunkBlobKey(chunks))) await this.deleteBlobs([previous])
  }

  listChunks(filter?: Parameters<Store['listChunks']>[0]) {
    return this.inner.listChunks(filter)
  }

  async createSession(input: NewChatSession) {
    const session = await this.inner.createSession(input)
    await this.emit(SYNC_KIND.session, session.id, toSyncFields(sessionValuesOf(session)))
    return session
  }

  listSessions() {
    return this.inner.listSessions()
  }

  getSession(id: string) {
    return this.inner.getSession(id)
  }

  async updateSession(id: string, patch: ChatSessionPatch) {
    const before = await this.inner.getSession(id)
    const session = await this.inner.updateSession(id, patch)
    if (session && before) {
      await this.emit(SYNC_KIND.session, id, toSyncFields(sessionValuesOf(session), sessionValuesOf(before)))
    }
    return session
  }

  async deleteSession(id: string) {
    const messages = await this.inner.listMessages(id, { limit: ALL_MESSAGES })
    const deleted = await this.inner.deleteSession(id)
    if (deleted) {
      await this.emitRemove(SYNC_KIND.session, id)
      for (const message of messages) await this.emitRemove(SYNC_KIND.message, message.id)
    }
    return deleted
  }

  /**
   * The message is stored first, with nothing read before it: a chat turn stores its question and
   * answer back to back, and a stopped answer must be stored before a reload can end the worker.
   * Adding moves the session's `updated_at` (the store's rule), which syncs as the session's field.
   */
  async addMessage(message: ChatMessage) {
    const added = await this.inner.addMessage(message)
    await this.emit(SYNC_KIND.message, added.id, toSyncFields(messageValuesOf(added)))
    const session = await this.inner.getSession(message.session_id)
    if (session) await this.emit(SYNC_KIND.session, session.id, { updated_at: [session.updated_at] })
    return added
  }

  listMessages(sessionId: string, options: { limit: number }) {
    return this.inner.listMessages(sessionId, options)
  }

  // Evaluation runs are this host's own work (and the server's jobs): they do not sync.
  createEvaluationRun(...args: Parameters<Store['createEvaluationRun']>) {
    return this.inner.createEvaluationRun(...args)
  }

  getEvaluationRun(id: string) {
    return this.inner.getEvaluationRun(id)
  }

  listEvaluationRuns(filter?: { collectionId?: string }) {
    return this.inner.listEvaluationRuns(filter)
  }

  updateEvaluationRun(...args: Parameters<Store['updateEvaluationRun']>) {
    return this.inner.updateEvaluationRun(...args)
  }

  appendEvaluationResults(...args: Parameters<Store['appendEvaluationResults']>) {
    return this.inner.appendEvaluationResults(...args)
  }

  saveEvaluationState(runId: string, state: unknown, savedAt: string) {
    return this.inner.saveEvaluationState(runId, state, savedAt)
  }

  getEvaluationState(runId: string) {
    return this.inner.getEvaluationState(runId)
  }

  getChunks(ids: readonly string[]) {
    return this.inner.getChunks(ids)
  }

  chunkVectors(ids: readonly string[]) {
    return this.inner.chunkVectors(ids)
  }

  getSettings() {
    return this.inner.getSettings()
  }

  /** API keys never sync (each host keeps its own): they are left out before the change is worked out. */
  async putSettings(value: unknown) {
    const before = await this.inner.getSettings()
    await this.inner.putSettings(value)
    if (!isPlainObject(value)) return
    const fields = toSyncFields(
      withoutSecrets(value),
      isPlainObject(before) ? withoutSecrets(before) : undefined,
    )
    await this.emit(SYNC_KIND.settings, SETTINGS_ID, fields)
  }

  getRecord(kind: string, id: string) {
    return this.inner.getRecord(kind, id)
  }

  listRecords(kind: string, filter?: { parentId?: string }) {
    return this.inner.listRecords(kind, filter)
  }

  async writeRecords(writes: readonly RecordWrite[]) {
    for (const write of writes) {
      const { kind } = 'put' in write ? write.put : write.delete
      // Every platform record kind says whether it syncs (recordKinds.ts); an undeclared one is a bug.
      if (!recordKindOf(kind)) throw new Error(`Record kind "${kind}" is not declared in recordKinds.ts`)
    }
    const before = await Promise.all(
      writes.map((write) => {
        const { kind, id } = 'put' in write ? write.put : write.delete
        return this.inner.getRecord(kind, id)
      }),
    )
    await this.inner.writeRecords(writes)
    for (const [i, write] of writes.entries()) {
      const previous: StoredRecord | undefined = before[i]
      const synced = previous && recordSyncs(previous) ? previous : undefined
      if ('put' in write) {
        if (!recordSyncs(write.put)) continue
        // A seeded record was never sent (every host makes its own copy): its first change sends all of it.
        const base = synced && !isSeeded(synced) ? syncedRecordValues(synced) : undefined
        const fields = toSyncFields(syncedRecordValues(write.put), base)
        await this.emit(recordSyncKind(write.put.kind), write.put.id, fields)
      } else if (synced) {
        await this.emitRemove(recordSyncKind(synced.kind), synced.id)
      }
    }
  }

  close() {
    return this.inner.close()
  }

  /** A processed document with its chunk blob; nothing while it is pending or processing. */
  private async emitDocument(document: DocumentRecord): Promise<void> {
    if (document.status !== 'completed' && document.status !== 'failed') return
    let values: Record<string, unknown>
    try {
      const chunks = await this.recent.take(document.id, this.inner)
      values = await documentSyncValues(this.inner, this.files, document, chunks)
    } catch (error) {
      this.logError(error)
      return
    }
    await this.emit(SYNC_KIND.document, document.id, toSyncFields(values))
  }

  private async chunksKeyOf(documentId: string): Promise<string | null> {
    return chunkBlobKey(await this.inner.listChunks({ documentId }))
  }

  private async deleteBlobs(keys: ReadonlyArray<string | null>): Promise<void> {
    for (const key of keys) {
      if (key) await this.files.delete(key).catch(this.logError)
    }
  }
}

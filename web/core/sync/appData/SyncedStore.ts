import type { ChatStore } from '../../store/ChatStore'
import type { ChunkStore } from '../../store/ChunkStore'
import type { CollectionStore } from '../../store/CollectionStore'
import type { DocumentRecord } from '../../store/DocumentRecord'
import type { DocumentStore } from '../../store/DocumentStore'
import type { EvaluationStore } from '../../store/EvaluationStore'
import type { FileStore } from '../../store/FileStore'
import { overridePort } from '../../store/overridePort'
import type { RecordStore } from '../../store/RecordStore'
import type { SettingsStore } from '../../store/SettingsStore'
import type { Store } from '../../store/Store'
import type { StoredRecord } from '../../store/StoredRecord'
import { chunkBlobKey } from './chunkBlob'
import { documentSyncValues } from './documentSyncValues'
import { RecentChunks } from './RecentChunks'
import { toSyncFields } from './syncFields'
import { recordKindOf } from './recordKinds'
import { isSeeded } from '../../records/isSeeded'
import { recordSyncKind, recordSyncs, SETTINGS_ID, SYNC_KIND } from './syncKinds'
import { SETTING_SECRET_NAMES, withoutSecrets } from '../../secrets/secretFields'
import type { SyncSink } from './SyncSink'
import type { LocalChange } from '../SyncClient'
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
 * of different fields on two devices both survive). Each sub-port overrides only its writes (see
 * overridePort); reads, and evaluation runs, are the inner store's.
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

  readonly collections: CollectionStore
  readonly documents: DocumentStore
  readonly chunks: ChunkStore
  readonly chat: ChatStore
  /** Evaluation runs are this host's own work (and the server's jobs): they do not sync. */
  readonly evaluation: EvaluationStore
  readonly settings: SettingsStore
  readonly records: RecordStore

  constructor(
    private readonly inner: Store,
    private readonly sink: SyncSink,
    private readonly files: FileStore,
    private readonly logError: (error: unknown) => void = console.error,
  ) {
    this.collections = this.syncedCollections()
    this.documents = this.syncedDocuments()
    this.chunks = this.syncedChunks()
    this.chat = this.syncedChat()
    this.evaluation = inner.evaluation
    this.settings = this.syncedSettings()
    this.records = this.syncedRecords()
  }

  close() {
    return this.inner.close()
  }

  private syncedCollections(): CollectionStore {
    const { collections, documents } = this.inner
    return overridePort(collections, {
      createCollection: async (input) => {
        const collection = await collections.createCollection(input)
        await this.emit(SYNC_KIND.collection, collection.id, toSyncFields(collectionValuesOf(collection)))
        return collection
      },
      updateCollection: async (id, patch) => {
        const before = await collections.getCollection(id)
        const collection = await collections.updateCollection(id, patch)
        if (collection && before) {
          const fields = toSyncFields(collectionValuesOf(collection), collectionValuesOf(before))
          await this.emit(SYNC_KIND.collection, id, fields)
        }
        return collection
      },
      deleteCollection: async (id) => {
        const documentsOf = await documents.listDocuments({ collectionId: id })
        const blobs = await Promise.all(documentsOf.map((d) => this.chunksKeyOf(d.id)))
        const deleted = await collections.deleteCollection(id)
        if (!deleted) return false
        await this.emitRemove(SYNC_KIND.collection, id)
        for (const document of documentsOf) await this.emitRemove(SYNC_KIND.document, document.id)
        await this.deleteBlobs(blobs)
        return true
      },
    })
  }

  private syncedDocuments(): DocumentStore {
    const { documents } = this.inner
    return overridePort(documents, {
      createDocument: async (document) => {
        const created = await documents.createDocument(document)
        await this.emitDocument(created)
        return created
      },
      updateDocument: async (id, patch) => {
        const document = await documents.updateDocument(id, patch)
        if (document) await this.emitDocument(document)
        return document
      },
      deleteDocument: async (id) => {
        const blob = await this.chunksKeyOf(id)
        const deleted = await documents.deleteDocument(id)
        this.recent.forget(id)
        if (deleted) {
          await this.emitRemove(SYNC_KIND.document, id)
          await this.deleteBlobs([blob])
        }
        return deleted
      },
    })
  }

  private syncedChunks(): ChunkStore {
    const { chunks } = this.inner
    return overridePort(chunks, {
      /** The blob of the chunks being replaced goes: a document has one chunk blob, its current one. */
      replaceChunks: async (documentId, replacement) => {
        const previous = await this.chunksKeyOf(documentId)
        await chunks.replaceChunks(documentId, replacement)
        this.recent.remember(documentId, replacement)
        if (previous && previous !== (await chunkBlobKey(replacement))) await this.deleteBlobs([previous])
      },
      /**
       * Pages added to a document whose scanned pages are being read: it syncs once they all are
       * (`emitDocument`), so there is no blob of it to replace yet, and none is read or made here.
       */
      addChunks: async (documentId, added) => {
        await chunks.addChunks(documentId, added)
        this.recent.forget(documentId)
      },
    })
  }

  private syncedChat(): ChatStore {
    const { chat } = this.inner
    return overridePort(chat, {
      createSession: async (input) => {
        const session = await chat.createSession(input)
        await this.emit(SYNC_KIND.session, session.id, toSyncFields(sessionValuesOf(session)))
        return session
      },
      updateSession: async (id, patch) => {
        const before = await chat.getSession(id)
        const session = await chat.updateSession(id, patch)
        if (session && before) {
          await this.emit(
            SYNC_KIND.session,
            id,
            toSyncFields(sessionValuesOf(session), sessionValuesOf(before)),
          )
        }
        return session
      },
      deleteSession: async (id) => {
        const messages = await chat.listMessages(id, { limit: ALL_MESSAGES })
        const deleted = await chat.deleteSession(id)
        if (deleted) {
          await this.emitRemove(SYNC_KIND.session, id)
          for (const message of messages) await this.emitRemove(SYNC_KIND.message, message.id)
        }
        return deleted
      },
      addMessage: async (message) => {
        await this.chat.addMessages([message])
        return message
      },
      /**
       * The messages are stored first, with nothing read before them: a stopped answer must be stored
       * before a reload can end the worker. Adding moves each session's `updated_at` to its last
       * message's `created_at` (the store's rule, so it is not read back), which syncs as the session's
       * field, once per session.
       */
      addMessages: async (messages) => {
        const added = await chat.addMessages(messages)
        const touched = new Map<string, string>()
        for (const message of added) touched.set(message.session_id, message.created_at)
        await this.emitAll([
          ...added.map((message) => ({
            kind: SYNC_KIND.message,
            id: message.id,
            fields: toSyncFields(messageValuesOf(message)),
          })),
          ...[...touched].map(([id, updatedAt]) => ({
            kind: SYNC_KIND.session,
            id,
            fields: { updated_at: [updatedAt] },
          })),
        ])
        return added
      },
    })
  }

  private syncedSettings(): SettingsStore {
    const { settings } = this.inner
    return overridePort(settings, {
      /** API keys never sync (each host keeps its own): they are left out before the change is worked out. */
      putSettings: async (value) => {
        const before = await settings.getSettings()
        await settings.putSettings(value)
        if (!isPlainObject(value)) return
        const fields = toSyncFields(
          withoutSecrets(value, SETTING_SECRET_NAMES),
          isPlainObject(before) ? withoutSecrets(before, SETTING_SECRET_NAMES) : undefined,
        )
        await this.emit(SYNC_KIND.settings, SETTINGS_ID, fields)
      },
    })
  }

  private syncedRecords(): RecordStore {
    const { records } = this.inner
    return overridePort(records, {
      writeRecords: async (writes) => {
        for (const write of writes) {
          const { kind } = 'put' in write ? write.put : write.delete
          // Every platform record kind says whether it syncs (recordKinds.ts); an undeclared one is a bug.
          if (!recordKindOf(kind)) throw new Error(`Record kind "${kind}" is not declared in recordKinds.ts`)
        }
        const before = await Promise.all(
          writes.map((write) => {
            const { kind, id } = 'put' in write ? write.put : write.delete
            return records.getRecord(kind, id)
          }),
        )
        await records.writeRecords(writes)
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
      },
    })
  }

  private emit(kind: string, id: string, fields: Record<string, unknown>): Promise<void> {
    return this.emitAll([{ kind, id, fields }])
  }

  /** Changes made together, recorded together; those without fields are left out. */
  private async emitAll(changes: readonly LocalChange[]): Promise<void> {
    const changed = changes.filter(({ fields }) => Object.keys(fields).length > 0)
    if (changed.length === 0) return
    try {
      await this.sink.changes(changed)
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

  /**
   * A processed document with its chunk blob; nothing while it is pending or processing, nor while its
   * scanned pages are read (completed, `progress.stage` `ocr`): its blob changes with every page, and made
   * for each it cost a read and an encoding of the whole document per page. It syncs once they are.
   */
  private async emitDocument(document: DocumentRecord): Promise<void> {
    if (document.status !== 'completed' && document.status !== 'failed') return
    if (document.status === 'completed' && document.progress?.stage === 'ocr') return
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
    return chunkBlobKey(await this.inner.chunks.listChunks({ documentId }))
  }

  private async deleteBlobs(keys: ReadonlyArray<string | null>): Promise<void> {
    for (const key of keys) {
      if (key) await this.files.delete(key).catch(this.logError)
    }
  }
}

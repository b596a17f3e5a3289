import type { z } from 'zod'
import { deleteUnusedFiles } from '../../documents/deleteUnusedFiles'
import { fileKey } from '../../documents/processDocument'
import type { ChunkRecord } from '../../store/ChunkRecord'
import { sha256Hex, type FileStore } from '../../store/FileStore'
import type { Store } from '../../store/Store'
import { isLive, type SyncRecord } from '../SyncRecord'
import { keepSecrets } from '../../secrets/keepSecrets'
import { withKeySettingForm } from '../../secrets/keySettingValue'
import { secretNamesOf, SETTING_SECRET_NAMES, withoutSecrets } from '../../secrets/secretFields'
import { recordKindOf } from './recordKinds'
import { pluginKind } from '../../records/kinds/pluginKind'
import { deleteUnusedFiles as deleteUnusedPluginFiles } from '../../plugins/pluginFiles'
import { chunkBlobKey, decodeChunks } from './chunkBlob'
import { fromSyncFields, unprefixed } from './syncFields'
import {
  CHUNKS_FIELD,
  collectionValues,
  documentValues,
  messageValues,
  platformKindOf,
  recordSyncs,
  recordValues,
  sessionValues,
  SYNC_KIND,
} from './syncKinds'
import { ALL_MESSAGES, DATA_PREFIX, isPlainObject } from './syncValues'

/** Where blobs this host lacks come from: the sync server for a device, nowhere for the server. */
export interface BlobSource {
  /** The blob's bytes; undefined when it exists nowhere. Throws when it cannot be had now (offline). */
  fetch(key: string): Promise<Uint8Array | undefined>
}

export interface SyncApplierPorts {
  /** The host's own store, not the SyncedStore over it: applying a synced change is no new change. */
  store: Store
  files: FileStore
  /**
   * The host's search index, kept in step with the chunks applied; `replaceDocument` (SearchIndex's,
   * in batches that let other work run) where the index has it, else `removeDocument` then `add`.
   */
  index?: {
    add(chunks: readonly ChunkRecord[]): void
    removeDocument(documentId: string): void
    replaceDocument?(documentId: string, chunks: readonly ChunkRecord[]): Promise<void>
  }
  blobs: BlobSource
  /** Platform records name their owner in `user_id`: on each host that is the person as this host knows them. */
  currentUserId(): Promise<string>
  logError?: (error: unknown) => void
}

/** Records that arrived before what they belong to (a record moves to the end of the log on each write). */
const DEFERRED = 'sync_deferred'
const keyOf = (kind: string, id: string) => `${kind} ${id}`
/** The FileStore keys of a plugin record's `files` (path to SHA-256); none for anything malformed. */
const filesOf = (data: Record<string, unknown> | undefined): string[] =>
  isPlainObject(data?.files)
    ? Object.values(data.files).filter((k): k is string => typeof k === 'string')
    : []

/**
 * Applies synced records (pulled by a device, pushed to the server) to the host's data: upserts a
 * live record, deletes a tombstoned one with what hangs off it, like the routes would. Idempotent:
 * the same record applied twice changes nothing the second time.
 *
 * A record whose parent has not arrived (a document before its collection, a message before its
 * session) waits as a `sync_deferred` record in the store and is applied when the parent is. A
 * record that is malformed (a careless or hostile device's) is logged and skipped: throwing would
 * stop every later change behind it. Only a blob that cannot be fetched now throws, so the caller
 * retries it later.
 */
export class SyncApplier {
  private readonly logError: (error: unknown) => void

  constructor(private readonly ports: SyncApplierPorts) {
    this.logError = ports.logError ?? console.error
  }

  async apply(record: SyncRecord): Promise<void> {
    if (!isLive(record)) return this.forget(record.kind, record.id)
    const values = fromSyncFields(record)
    switch (record.kind) {
      case SYNC_KIND.collection:
        return this.applyCollection(record.id, values)
      case SYNC_KIND.document:
        return this.applyDocument(record, values)
      case SYNC_KIND.session:
        return this.applySession(record, values)
      case SYNC_KIND.message:
        return this.applyMessage(record, values)
      case SYNC_KIND.settings:
        return this.applySettings(values)
    }
    const kind = platformKindOf(record.kind)
    if (kind) return this.applyRecord(record, kind, values)
  }

  /** The record is gone (a delete, or compacted away while this device was behind). */
  async forget(kind: string, id: string): Promise<void> {
    const { store } = this.ports
    await store.records.writeRecords([{ delete: { kind: DEFERRED, id: keyOf(kind, id) } }])
    switch (kind) {
      case SYNC_KIND.collection: {
        const documents = await store.documents.listDocuments({ collectionId: id })
        const blobs = await Promise.all(documents.map((d) => this.chunksKeyOf(d.id)))
        if (!(await store.collections.deleteCollection(id))) return
        for (const document of documents) await this.index(document.id, [])
        await this.dropFiles(documents.map(fileKey), blobs)
        return
      }
      case SYNC_KIND.document: {
        const document = await store.documents.getDocument(id)
        if (!document) return
        const blob = await this.chunksKeyOf(id)
        await store.documents.deleteDocument(id)
        await this.index(id, [])
        await this.dropFiles([fileKey(document)], [blob])
        return
      }
      case SYNC_KIND.session:
        await store.chat.deleteSession(id)
        return
    }
    // A message goes with its session (no other delete exists); settings are never deleted.
    const platformKind = platformKindOf(kind)
    if (!platformKind) return
    const plugin =
      platformKind === pluginKind.kind ? await store.records.getRecord(platformKind, id) : undefined
    await store.records.writeRecords([{ delete: { kind: platformKind, id } }])
    // An uninstalled plugin's files go with it (unless another plugin or a document has the same bytes).
    if (plugin) await deleteUnusedPluginFiles(this.ports, filesOf(plugin.data))
  }

  private parse<T extends z.ZodType>(schema: T, record: { kind: string; id: string }, values: unknown) {
    const parsed = schema.safeParse(values)
    if (parsed.success) return parsed.data as z.infer<T>
    this.logError(
      new Error(`Skipped a malformed synced ${record.kind} ${record.id}: ${parsed.error.message}`),
    )
    return undefined
  }

  private async applyCollection(id: string, raw: Record<string, unknown>): Promise<void> {
    const values = this.parse(collectionValues, { kind: SYNC_KIND.collection, id }, raw)
    if (!values) return
    const { store } = this.ports
    if (await store.collections.getCollection(id)) {
      const { name, description, color, updated_at } = values
      await store.collections.updateCollection(id, { name, description, color, updated_at })
    } else {
      await store.collections.createCollection({ id, ...values })
    }
    await this.applyDeferred(SYNC_KIND.collection, id)
  }

  private async applyDocument(record: SyncRecord, raw: Record<string, unknown>): Promise<void> {
    const values = this.parse(documentValues, record, raw)
    if (!values) return
    const { store } = this.ports
    if (!(await store.collections.getCollection(values.collection_id))) {
      return this.defer(record, SYNC_KIND.collection, values.collection_id)
    }
    const { [CHUNKS_FIELD]: chunksKey, ...fields } = values
    const local = await store.documents.getDocument(record.id)
    let chunks: ChunkRecord[] | undefined
    if (!local || (await this.chunksKeyOf(record.id)) !== chunksKey) {
      const file = await this.blob(fileKey(fields))
      const blob = chunksKey ? await this.blob(chunksKey) : undefined
      if (file === undefined || (chunksKey && blob === undefined)) {
        this.logError(new Error(`Skipped synced document ${record.id}: its file is on no host any more`))
        return
      }
      try {
        chunks = blob ? decodeChunks(blob) : []
      } catch (error) {
        this.logError(new Error(`Skipped synced document ${record.id}: ${(error as Error).message}`))
        return
      }
      chunks = chunks.map((chunk) => ({
        ...chunk,
        document_id: record.id,
        collection_id: fields.collection_id,
      }))
    }
    if (local) {
      // original_filename too: a document renamed on one device is renamed on the others.
      const { status, processed_at, metadata, chunk_count, original_filename } = fields
      await store.documents.updateDocument(record.id, {
        status,
        processed_at,
        metadata,
        chunk_count,
        original_filename,
        progress: null,
      })
    } else {
      await store.documents.createDocument({ id: record.id, ...fields, progress: null })
    }
    if (chunks) {
      await store.chunks.replaceChunks(record.id, chunks)
      await this.index(record.id, chunks)
    }
  }

  /** Makes `chunks` the document's indexed chunks: in slices where the index can (see the port). */
  private async index(documentId: string, chunks: readonly ChunkRecord[]): Promise<void> {
    const { index } = this.ports
    if (index?.replaceDocument) return index.replaceDocument(documentId, chunks)
    index?.removeDocument(documentId)
    if (chunks.length > 0) index?.add(chunks)
  }

  private async applySession(record: SyncRecord, raw: Record<string, unknown>): Promise<void> {
    const values = this.parse(sessionValues, record, raw)
    if (!values) return
    const { store } = this.ports
    if (values.collection_id && !(await store.collections.getCollection(values.collection_id))) {
      return this.defer(record, SYNC_KIND.collection, values.collection_id)
    }
    const { name, collection_id, created_at, updated_at } = values
    if (!(await store.chat.getSession(record.id))) {
      await store.chat.createSession({ id: record.id, name, collection_id, created_at })
    }
    await store.chat.updateSession(record.id, { name, collection_id, updated_at })
    await this.applyDeferred(SYNC_KIND.session, record.id)
  }

  private async applyMessage(record: SyncRecord, raw: Record<string, unknown>): Promise<void> {
    const values = this.parse(messageValues, record, raw)
    if (!values) return
    const { store } = this.ports
    const session = await store.chat.getSession(values.session_id)
    if (!session) return this.defer(record, SYNC_KIND.session, values.session_id)
    const collectionId =
      values.collection_id && (await store.collections.getCollection(values.collection_id))
        ? values.collection_id
        : null
    try {
      await store.chat.addMessage({ id: record.id, ...values, collection_id: collectionId })
    } catch (error) {
      // Messages never change: one already here (applied before) is this one. The store refuses a
      // duplicate id as a whole (nothing written), and the history is read only in that rare case, so a
      // first sync of a long chat does not read it once per message.
      const existing = await store.chat.listMessages(values.session_id, { limit: ALL_MESSAGES })
      if (existing.some((message) => message.id === record.id)) return
      throw error
    }
    // Adding moves the session's `updated_at` to the message's time; a later synced one stays.
    if (session.updated_at > values.created_at) {
      await store.chat.updateSession(session.id, { updated_at: session.updated_at })
    }
  }

  /**
   * API keys never arrive by sync (a key a careless or older device sent is dropped): this host keeps
   * its own, where the synced value still names the same endpoint (see keepSecrets).
   */
  private async applySettings(values: Record<string, unknown>): Promise<void> {
    const { store } = this.ports
    await store.settings.putSettings(
      keepSecrets(withoutSecrets(values, SETTING_SECRET_NAMES), await store.settings.getSettings()),
    )
  }

  private async applyRecord(record: SyncRecord, kind: string, raw: Record<string, unknown>): Promise<void> {
    const values = this.parse(recordValues, record, raw)
    if (!values) return
    const local = await this.ports.store.records.getRecord(kind, record.id)
    // Keys stay on their host, as in applySettings.
    // A key setting's value is taken in its one form first, so a bare key is a key here too.
    const names = secretNamesOf(kind)
    const incoming = withoutSecrets(withKeySettingForm(unprefixed(raw, DATA_PREFIX)), names)
    const kept = keepSecrets(incoming, local && withKeySettingForm(local.data), names)
    const data = kept as Record<string, unknown>
    if ('user_id' in data) data.user_id = await this.ports.currentUserId()
    const put = { kind, id: record.id, data, ...values }
    if (!recordSyncs(put)) return
    const fields = recordKindOf(kind)?.fields.safeParse(data)
    if (!fields?.success) {
      this.logError(new Error(`Skipped synced ${record.kind} ${record.id}: its fields do not fit the kind`))
      return
    }
    if (kind === pluginKind.kind && !(await this.pluginFiles(record, data.files))) return
    await this.ports.store.records.writeRecords([{ put }])
    // An update's files replace the old version's: those nothing else uses go.
    if (kind === pluginKind.kind) await deleteUnusedPluginFiles(this.ports, filesOf(local?.data))
  }

  /**
   * A plugin's package files, fetched like a document's file before its record is applied: a plugin
   * installed on one device renders on this one, offline too. False (the record is skipped) when a
   * file is on no host any more; a file that cannot be fetched now throws, so the record is retried.
   */
  private async pluginFiles(record: SyncRecord, files: unknown): Promise<boolean> {
    for (const key of filesOf({ files })) {
      if ((await this.blob(key)) === undefined) {
        this.logError(new Error(`Skipped synced plugin ${record.id}: its file ${key} is on no host any more`))
        return false
      }
    }
    return true
  }

  private async defer(record: SyncRecord, parentKind: string, parentId: string): Promise<void> {
    await this.ports.store.records.writeRecords([
      {
        put: {
          kind: DEFERRED,
          id: keyOf(record.kind, record.id),
          parent_id: keyOf(parentKind, parentId),
          data: { record },
          created_at: new Date(0).toISOString(),
          updated_at: new Date(0).toISOString(),
        },
      },
    ])
  }

  private async applyDeferred(kind: string, id: string): Promise<void> {
    const waiting = await this.ports.store.records.listRecords(DEFERRED, { parentId: keyOf(kind, id) })
    for (const entry of waiting) {
      await this.ports.store.records.writeRecords([{ delete: { kind: DEFERRED, id: entry.id } }])
      const record = entry.data.record
      if (isPlainObject(record)) await this.apply(record as unknown as SyncRecord)
    }
  }

  /** A blob from this host's files, else fetched and kept; checked against its key either way. */
  private async blob(key: string): Promise<Uint8Array | undefined> {
    const { files, blobs } = this.ports
    const held = await files.get(key)
    if (held) return held
    const bytes = await blobs.fetch(key)
    if (!bytes) return undefined
    if ((await sha256Hex(bytes)) !== key) {
      this.logError(new Error(`A synced blob does not match its key ${key}`))
      return undefined
    }
    await files.put(bytes)
    return bytes
  }

  private async chunksKeyOf(documentId: string): Promise<string | null> {
    return chunkBlobKey(await this.ports.store.chunks.listChunks({ documentId }))
  }

  private async dropFiles(fileKeys: string[], blobs: ReadonlyArray<string | null>): Promise<void> {
    const { store, files } = this.ports
    await deleteUnusedFiles(fileKeys, store, files)
    for (const key of blobs) if (key) await files.delete(key)
  }
}

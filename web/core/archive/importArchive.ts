import type { ApiPorts } from '../api/ApiPorts'
import { fileKey } from '../documents/processDocument'
import { keepSecrets } from '../secrets/keepSecrets'
import { withoutSecrets } from '../secrets/secretFields'
import type { ChunkRecord } from '../store/ChunkRecord'
import type { RecordWrite, StoredRecord } from '../store/StoredRecord'
import { ALL_MESSAGES } from '../sync/appData/syncValues'
import type { ArchiveContents, ArchivedChat, ArchivedDocument } from './readArchive'

/** What an import writes through: the person's store (synced), files, index, processing, settings and ids. */
export type ImportPorts = Pick<
  ApiPorts,
  'store' | 'files' | 'index' | 'documents' | 'settings' | 'newId' | 'currentUserId'
>

/** What an import did, as its answer (and the server's job result) says. */
export interface ImportSummary {
  collections_added: number
  documents_added: number
  /** Added with their passages and vectors as exported: the embedder was the same. */
  documents_taken_as_processed: number
  /** Added and processed again: another embedder's vectors, or not processed when exported. */
  documents_reprocessed: number
  /** Already here (the same file under the same id, or in the same collection with the same name). */
  documents_already_here: number
  chat_sessions_added: number
  chat_messages_added: number
  records_written: number
  settings_restored: boolean
}

export type ImportProgress = (stage: string, percent: number) => void

/** The archive's document and passage ids that are another id here (taken ids, documents already here). */
interface IdRemap {
  documents: Map<string, string>
  chunks: Map<string, string>
}

/**
 * Brings a checked archive (`readArchive`) into the person's space, all or nothing: every write is
 * paired with its undo, and a failure part way undoes what was written before it is answered.
 *
 * Ids are kept where they are free. A collection, chat session or platform record already here under
 * the archive's id is the same one (ids are random UUIDs: the same id means it came from there): a
 * collection or record is updated only when the archive's is newer (its `updated_at`, as sync decides),
 * a session gets the messages it lacks. A document under the archive's id with another file is another
 * document: it gets a new id. A document already in its collection (same id, or same file and name)
 * is skipped, so a second import of the same archive adds nothing.
 *
 * Passages and vectors are taken as they are when their embedder is the person's (after the archive's
 * settings are restored): nothing is parsed or embedded again. Otherwise the document is stored as
 * `processing` and queued like an upload, once everything else is written.
 */
export async function importArchive(
  ports: ImportPorts,
  archive: ArchiveContents,
  onProgress: ImportProgress = () => undefined,
): Promise<ImportSummary> {
  const summary: ImportSummary = {
    collections_added: 0,
    documents_added: 0,
    documents_taken_as_processed: 0,
    documents_reprocessed: 0,
    documents_already_here: 0,
    chat_sessions_added: 0,
    chat_messages_added: 0,
    records_written: 0,
    settings_restored: false,
  }
  const undo: Array<() => Promise<unknown>> = []
  const toProcess: string[] = []
  const remap: IdRemap = { documents: new Map(), chunks: new Map() }
  const total =
    archive.files.size + archive.collections.length + archive.documents.length + archive.chats.length + 2
  let done = 0
  const step = (stage: string) => onProgress(stage, Math.min(99, Math.floor((++done / total) * 100)))
  try {
    await importFiles(ports, archive, undo, step)
    summary.settings_restored = await importSettings(ports, archive, undo)
    await importCollections(ports, archive, undo, summary, step)
    const embedder = (await ports.settings.get()).embedder.id
    for (const document of archive.documents) {
      await importDocument(ports, document, embedder, undo, summary, toProcess, remap)
      step('documents')
    }
    for (const chat of archive.chats) {
      await importChat(ports, chat, undo, summary, remap)
      step('chats')
    }
    summary.records_written = await importRecords(ports, archive.records, undo)
    step('records')
  } catch (error) {
    for (const action of undo.reverse()) {
      await action().catch(() => undefined)
    }
    throw error
  }
  for (const id of toProcess) await ports.documents.enqueue(id)
  onProgress('done', 100)
  return summary
}

async function importFiles(
  { files }: ImportPorts,
  archive: ArchiveContents,
  undo: Array<() => Promise<unknown>>,
  step: (stage: string) => void,
) {
  for (const key of archive.files) {
    // Read from the archive only when missing here, one file at a time.
    if (!(await files.get(key))) {
      await files.put(await archive.readFile(key))
      // Dropped again on failure only if nothing came to use it meanwhile (the undo runs last).
      undo.unshift(async () => files.delete(key))
    }
    step('files')
  }
}

async function importSettings(
  { store }: ImportPorts,
  archive: ArchiveContents,
  undo: Array<() => Promise<unknown>>,
): Promise<boolean> {
  if (!archive.settings) return false
  const local = await store.settings.getSettings()
  // The archive has no keys; those entered here stay while their endpoint is the same.
  await store.settings.putSettings(keepSecrets(withoutSecrets(archive.settings), local))
  undo.push(() => store.settings.putSettings(local ?? {}))
  return true
}

async function importCollections(
  { store }: ImportPorts,
  archive: ArchiveContents,
  undo: Array<() => Promise<unknown>>,
  summary: ImportSummary,
  step: (stage: string) => void,
) {
  for (const collection of archive.collections) {
    const local = await store.collections.getCollection(collection.id)
    if (!local) {
      await store.collections.createCollection(collection)
      undo.push(() => store.collections.deleteCollection(collection.id))
      summary.collections_added++
    } else if (collection.updated_at > local.updated_at) {
      const { name, description, color, updated_at } = collection
      await store.collections.updateCollection(collection.id, { name, description, color, updated_at })
      undo.push(() =>
        store.collections.updateCollection(collection.id, {
          name: local.name,
          description: local.description,
          color: local.color,
          updated_at: local.updated_at,
        }),
      )
    }
    step('collections')
  }
}

async function importDocument(
  ports: ImportPorts,
  archived: ArchivedDocument,
  embedder: string,
  undo: Array<() => Promise<unknown>>,
  summary: ImportSummary,
  toProcess: string[],
  remap: IdRemap,
) {
  const { store, index, newId } = ports
  const { document } = archived
  const local = await store.documents.getDocument(document.id)
  if (local && local.collection_id === document.collection_id && fileKey(local) === fileKey(document)) {
    summary.documents_already_here++
    return
  }
  const siblings = await store.documents.listDocuments({ collectionId: document.collection_id })
  const same = siblings.find(
    (sibling) =>
      fileKey(sibling) === fileKey(document) && sibling.original_filename === document.original_filename,
  )
  if (same) {
    // The chats' sources cite this copy (its passages have their own ids: those are not mapped).
    remap.documents.set(document.id, same.id)
    summary.documents_already_here++
    return
  }
  const id = local ? newId() : document.id
  if (id !== document.id) remap.documents.set(document.id, id)
  // This document's passages alone are held, from here until they are stored.
  const chunks = document.status === 'completed' ? await archived.chunks() : []
  const reuse =
    document.status === 'failed' ||
    (document.status === 'completed' &&
      chunks.length > 0 &&
      chunks.every((chunk) => chunk.embedder === embedder))
  undo.push(async () => {
    index.removeDocument(id)
    await store.chunks.replaceChunks(id, [])
    await store.documents.deleteDocument(id)
  })
  // Stored `processing` until its passages are stored and indexed (or it is processed again): a crash
  // in between (the server killed) leaves a document its host processes again at restart, never a
  // `completed` one that search cannot find.
  await store.documents.createDocument({
    ...document,
    id,
    status: 'processing',
    processed_at: null,
    chunk_count: 0,
    progress: null,
  })
  if (reuse) {
    const stored: ChunkRecord[] = chunks.map((chunk) => {
      const chunkId = local ? newId() : chunk.id
      if (chunkId !== chunk.id) remap.chunks.set(chunk.id, chunkId)
      return { ...chunk, id: chunkId, document_id: id, collection_id: document.collection_id }
    })
    if (stored.length > 0) {
      await store.chunks.replaceChunks(id, stored)
      await index.replaceDocument(id, stored)
    }
    const { status, processed_at, chunk_count } = document
    await store.documents.updateDocument(id, { status, processed_at, chunk_count })
    summary.documents_taken_as_processed++
  } else {
    toProcess.push(id)
    summary.documents_reprocessed++
  }
  summary.documents_added++
}

async function importChat(
  { store, newId }: ImportPorts,
  { session, messages: readMessages }: ArchivedChat,
  undo: Array<() => Promise<unknown>>,
  summary: ImportSummary,
  remap: IdRemap,
) {
  const collectionId =
    session.collection_id && (await store.collections.getCollection(session.collection_id))
      ? session.collection_id
      : null
  const local = await store.chat.getSession(session.id)
  if (!local) {
    await store.chat.createSession({ ...session, collection_id: collectionId })
    undo.push(() => store.chat.deleteSession(session.id))
    summary.chat_sessions_added++
  }
  const present = local
    ? new Set((await store.chat.listMessages(session.id, { limit: ALL_MESSAGES })).map((m) => m.id))
    : new Set<string>()
  let added = 0
  for (const message of await readMessages()) {
    if (present.has(message.id)) continue
    const messageCollection =
      message.collection_id && (await store.collections.getCollection(message.collection_id))
        ? message.collection_id
        : null
    const entry = {
      ...message,
      metadata: remapSources(message.metadata, remap),
      collection_id: messageCollection,
    }
    try {
      await store.chat.addMessage(entry)
    } catch {
      // The id is another session's message: this one gets a new id.
      await store.chat.addMessage({ ...entry, id: newId() })
    }
    added++
  }
  summary.chat_messages_added += added
  // Adding moves the session's `updated_at` to now; it is put back to the archive's.
  if (added > 0) {
    const updatedAt = local && local.updated_at > session.updated_at ? local.updated_at : session.updated_at
    await store.chat.updateSession(session.id, { updated_at: updatedAt })
  }
}

/** All records in one atomic batch; a record already here is replaced only by a newer one. */
async function importRecords(
  { store, currentUserId }: ImportPorts,
  records: readonly StoredRecord[],
  undo: Array<() => Promise<unknown>>,
): Promise<number> {
  const writes: RecordWrite[] = []
  const reverse: RecordWrite[] = []
  const userId = await currentUserId()
  for (const record of records) {
    const local = await store.records.getRecord(record.kind, record.id)
    if (local && local.updated_at >= record.updated_at) continue
    const data = keepSecrets(withoutSecrets(record.data), local?.data) as Record<string, unknown>
    // Records name their owner: here that is the person importing.
    if ('user_id' in data) data.user_id = userId
    writes.push({ put: { ...record, data } })
    reverse.push(local ? { put: local } : { delete: { kind: record.kind, id: record.id } })
  }
  if (writes.length === 0) return 0
  await store.records.writeRecords(writes)
  undo.push(() => store.records.writeRecords(reverse))
  return writes.length
}

/**
 * An answer's sources (`metadata.source_documents`) cite the archive's documents and passages: where
 * those have other ids here, the sources follow them, so a citation opens the imported document.
 */
function remapSources(metadata: Record<string, unknown>, remap: IdRemap): Record<string, unknown> {
  const sources = metadata.source_documents
  if (!Array.isArray(sources) || (remap.documents.size === 0 && remap.chunks.size === 0)) return metadata
  return {
    ...metadata,
    source_documents: sources.map((source: unknown) => {
      if (typeof source !== 'object' || source === null) return source
      const { document_id: documentId, chunk_id: chunkId } = source as Record<string, unknown>
      return {
        ...source,
        ...(typeof documentId === 'string' && remap.documents.has(documentId)
          ? { document_id: remap.documents.get(documentId) }
          : {}),
        ...(typeof chunkId === 'string' && remap.chunks.has(chunkId)
          ? { chunk_id: remap.chunks.get(chunkId) }
          : {}),
      }
    }),
  }
}

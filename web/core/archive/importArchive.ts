import type { DocumentPorts } from '../documents/DocumentPorts'
import type { HostPorts } from '../kernel/HostPorts'
import type { SearchPorts } from '../retrieve/SearchPorts'
import type { SettingsPorts } from '../settings/SettingsPorts'
import type { StorePorts } from '../store/StorePorts'
import { fileKey } from '../documents/processDocument'
import { keepSecrets } from '../secrets/keepSecrets'
import { isPlainObject, secretNamesOf, SETTING_SECRET_NAMES, withoutSecrets } from '../secrets/secretFields'
import type { ChunkRecord } from '../store/ChunkRecord'
import type { RecordWrite, StoredRecord } from '../store/StoredRecord'
import { ALL_MESSAGES } from '../sync/appData/syncValues'
import { pluginFileKeys } from './archiveEntries'
import { keepLocalEndpoints } from './keepLocalEndpoints'
import { oneAtATime } from '../kernel/oneAtATime'
import type { ArchiveContents, ArchivedChat, ArchivedDocument } from './readArchive'

/** What an import writes through: the person's store (synced), files, index, processing, settings and ids. */
export type ImportPorts = StorePorts &
  Pick<SearchPorts, 'index'> &
  Pick<DocumentPorts, 'documents'> &
  SettingsPorts &
  Pick<HostPorts, 'newId' | 'currentUserId'>

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
  /** What the archive holds: one collection, or a whole account (whose settings may be restored when asked). */
  scope: 'collection' | 'account'
  settings_restored: boolean
  /**
   * What the archive held and this import left out: settings (a collection's archive brings none; an
   * account's restores them only into an account with none of its own, or when asked), platform
   * records (personas, pages...: only an account's archive brings them), and collections, documents
   * and chats outside a collection archive's own collection.
   */
  ignored: {
    settings: boolean
    records: number
    collections: number
    documents: number
    chat_sessions: number
  }
}

/** How an import treats what the person has already. */
export interface ImportOptions {
  /**
   * Restore an account archive's settings (and setting records) over the person's own. Without it
   * they are restored only into an account that has no settings yet. Either way no provider endpoint
   * of the archive replaces one of the person's (`keepLocalEndpoints`).
   */
  restoreSettings?: boolean
}

export type ImportProgress = (stage: string, percent: number) => void

/** The archive's document and passage ids that are another id here (taken ids, documents already here). */
interface IdRemap {
  documents: Map<string, string>
  chunks: Map<string, string>
}

/**
 * Brings a checked archive (`readArchive`) into the person's space, all or nothing: every write is
 * paired with its undo, and a failure part way undoes what was written before it is answered. One
 * import at a time per person (`oneAtATime`): a second import of the same archive, sent at once, then
 * finds everything already here and adds nothing; the undo of one that fails removes only what it
 * wrote itself (a file is removed only if it was missing before and no document uses it now).
 *
 * An archive brings only its scope: a collection's archive (its manifest names the collection) adds
 * that collection, its documents and the chats about it, and nothing else it may hold (settings,
 * records, other collections), which the summary's `ignored` counts. An account's archive restores
 * settings only into an account that has none (or with `restoreSettings`), and never a provider's
 * endpoint over the person's own.
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
export function importArchive(
  ports: ImportPorts,
  archive: ArchiveContents,
  onProgress: ImportProgress = () => undefined,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  return oneAtATime(ports.store, () => importNow(ports, archive, onProgress, options))
}

async function importNow(
  ports: ImportPorts,
  whole: ArchiveContents,
  onProgress: ImportProgress,
  options: ImportOptions,
): Promise<ImportSummary> {
  const { archive, ignored } = inScope(whole)
  const settings = await settingsRule(ports, options)
  if (!settings.restore && archive.settings) {
    ignored.settings = true
    archive.settings = undefined
  }
  if (!settings.restore) {
    const kept = archive.records.filter((record) => !SETTING_KINDS.includes(record.kind))
    ignored.records += archive.records.length - kept.length
    archive.records = kept
  }
  const summary: ImportSummary = {
    collections_added: 0,
    documents_added: 0,
    documents_taken_as_processed: 0,
    documents_reprocessed: 0,
    documents_already_here: 0,
    chat_sessions_added: 0,
    chat_messages_added: 0,
    records_written: 0,
    scope: whole.manifest.scope.collection_id === null ? 'account' : 'collection',
    settings_restored: false,
    ignored,
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
    summary.settings_restored = await importSettings(ports, archive, undo, settings.over)
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
    summary.records_written = await importRecords(ports, archive.records, undo, settings.over)
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

/** The platform kinds that are settings: restored under the settings' rule, not as other records. */
const SETTING_KINDS: readonly string[] = ['setting_instance', 'setting_definition']

/**
 * Whether the archive's settings are restored, and over what: into an account with no settings of
 * its own they are taken as they are; over the person's own only when asked, their endpoints kept.
 */
async function settingsRule(
  { store }: ImportPorts,
  options: ImportOptions,
): Promise<{ restore: boolean; over: boolean }> {
  const local = await store.settings.getSettings()
  const empty = local === undefined || local === null
  return { restore: empty || options.restoreSettings === true, over: !empty }
}

/**
 * What of the archive this import brings: all of an account's archive; of a collection's, that
 * collection with its documents and the chats about it, and no settings, records or other
 * collections (counted as ignored). Files are those that what is brought uses.
 */
function inScope(archive: ArchiveContents): {
  archive: ArchiveContents
  ignored: ImportSummary['ignored']
} {
  const scope = archive.manifest.scope.collection_id
  const ignored = { settings: false, records: 0, collections: 0, documents: 0, chat_sessions: 0 }
  if (scope === null) return { archive: { ...archive }, ignored }
  const collections = archive.collections.filter((collection) => collection.id === scope)
  const documents = archive.documents.filter(({ document }) => document.collection_id === scope)
  const chats = archive.chats.filter(({ session }) => session.collection_id === scope)
  ignored.settings = archive.settings !== undefined
  ignored.records = archive.records.length
  ignored.collections = archive.collections.length - collections.length
  ignored.documents = archive.documents.length - documents.length
  ignored.chat_sessions = archive.chats.length - chats.length
  const files = new Set(documents.map(({ document }) => fileKey(document)))
  return {
    archive: { ...archive, collections, documents, chats, records: [], settings: undefined, files },
    ignored,
  }
}

async function importFiles(
  { files, store }: ImportPorts,
  archive: ArchiveContents,
  undo: Array<() => Promise<unknown>>,
  step: (stage: string) => void,
) {
  const created: string[] = []
  for (const key of archive.files) {
    // Read from the archive only when missing here, one file at a time.
    if (!(await files.get(key))) {
      await files.put(await archive.readFile(key))
      created.push(key)
    }
    step('files')
  }
  if (created.length === 0) return
  // Run last, after the documents this import made are gone: a file it added is removed only if no
  // document uses it then (an upload of the same file meanwhile keeps it). A file that was here
  // before is never this import's to remove.
  undo.unshift(async () => {
    const used = new Set((await store.documents.listDocuments()).map((document) => fileKey(document)))
    for (const record of archive.records) for (const key of pluginFileKeys(record.data)) used.add(key)
    for (const key of created) if (!used.has(key)) await files.delete(key)
  })
}

async function importSettings(
  { store }: ImportPorts,
  archive: ArchiveContents,
  undo: Array<() => Promise<unknown>>,
  over: boolean,
): Promise<boolean> {
  if (!archive.settings) return false
  const local = await store.settings.getSettings()
  const incoming = withoutSecrets(archive.settings, SETTING_SECRET_NAMES)
  // Over the person's own settings, theirs stay where the archive has nothing, and every endpoint
  // of theirs stays theirs (keepLocalEndpoints).
  const restored =
    over && isPlainObject(local) ? { ...local, ...(keepLocalEndpoints(incoming, local) as object) } : incoming
  // The archive has no keys; those entered here stay while their endpoint is the same.
  await store.settings.putSettings(keepSecrets(restored, local))
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
      // Another instance's import of the same archive may have made it meanwhile: then it is here.
      if (
        await created(
          () => store.collections.createCollection(collection),
          () => store.collections.getCollection(collection.id),
        )
      ) {
        undo.push(() => store.collections.deleteCollection(collection.id))
        summary.collections_added++
      }
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
  // Stored `processing` until its passages are stored and indexed (or it is processed again): a crash
  // in between (the server killed) leaves a document its host processes again at restart, never a
  // `completed` one that search cannot find.
  const made = await created(
    () =>
      store.documents.createDocument({
        ...document,
        id,
        status: 'processing',
        processed_at: null,
        chunk_count: 0,
        progress: null,
      }),
    () => store.documents.getDocument(id),
  )
  if (!made) {
    // Made meanwhile by another instance's import of the same archive: it is already here.
    summary.documents_already_here++
    return
  }
  undo.push(async () => {
    index.removeDocument(id)
    await store.chunks.replaceChunks(id, [])
    await store.documents.deleteDocument(id)
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

/**
 * Runs a create; when it fails on what is there now (another instance's import of the same archive
 * made it between our look and our write: a unique-id conflict), answers false: it is already here.
 * Any other failure is thrown.
 */
async function created(create: () => Promise<unknown>, find: () => Promise<unknown>): Promise<boolean> {
  try {
    await create()
    return true
  } catch (error) {
    if (await find().catch(() => undefined)) return false
    throw error
  }
}

async function importChat(
  { store, newId }: ImportPorts,
  { session, forEachMessage }: ArchivedChat,
  undo: Array<() => Promise<unknown>>,
  summary: ImportSummary,
  remap: IdRemap,
) {
  const collectionId =
    session.collection_id && (await store.collections.getCollection(session.collection_id))
      ? session.collection_id
      : null
  let local = await store.chat.getSession(session.id)
  if (!local) {
    const made = await created(
      () => store.chat.createSession({ ...session, collection_id: collectionId }),
      () => store.chat.getSession(session.id),
    )
    if (made) {
      undo.push(() => store.chat.deleteSession(session.id))
      summary.chat_sessions_added++
    } else local = await store.chat.getSession(session.id)
  }
  const present = local
    ? new Set((await store.chat.listMessages(session.id, { limit: ALL_MESSAGES })).map((m) => m.id))
    : new Set<string>()
  let added = 0
  // A message at a time, as it is read from the archive: a long chat is never held whole.
  await forEachMessage(async (message) => {
    if (present.has(message.id)) return
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
  })
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
  settingsOver: boolean,
): Promise<number> {
  const writes: RecordWrite[] = []
  const reverse: RecordWrite[] = []
  const userId = await currentUserId()
  for (const record of records) {
    const local = await store.records.getRecord(record.kind, record.id)
    if (local && local.updated_at >= record.updated_at) continue
    const incoming = withoutSecrets(record.data, secretNamesOf(record.kind))
    // A setting restored over the person's own settings keeps their endpoints (keepLocalEndpoints).
    const restored =
      settingsOver && SETTING_KINDS.includes(record.kind)
        ? ((keepLocalEndpoints(incoming, local?.data) as Record<string, unknown> | undefined) ?? {})
        : incoming
    const data = keepSecrets(restored, local?.data, secretNamesOf(record.kind)) as Record<string, unknown>
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

import type { StorePorts } from '../store/StorePorts'
import { fileKey } from '../documents/processDocument'
import { secretNamesOf, SETTING_SECRET_NAMES, withoutSecrets } from '../secrets/secretFields'
import type { Store } from '../store/Store'
import { encodeChunks } from '../sync/appData/chunkBlob'
import { SYNCED_RECORD_KINDS } from '../sync/appData/syncKinds'
import { ALL_MESSAGES } from '../sync/appData/syncValues'
import { entryPath } from './archiveFormat'

/** One entry of the archive, made when the zip writer asks for it (so only one is held at a time). */
export interface ArchiveEntry {
  path: string
  bytes: Uint8Array
  /** Counted in the manifest under this name, when it is one of the things counted. */
  counts?: Partial<
    Record<'collections' | 'documents' | 'files' | 'chat_sessions' | 'chat_messages' | 'records', number>
  >
}

/** What is exported: everything of the person's, or one collection (with its chats when asked). */
export interface ArchiveScope {
  collectionId: string | null
  includeChats: boolean
}

/** What an export reads: the person's store and their files. */
export type ExportPorts = Pick<StorePorts, 'files'> & {
  store: Pick<Store, 'collections' | 'documents' | 'chunks' | 'chat' | 'settings' | 'records'>
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))

/**
 * The archive's entries, read from the store's ports one at a time as the zip writer asks for them:
 * a document's file and passages are read when it comes, never all documents at once. Platform
 * records: every kind `recordKinds.ts` declares that leaves its host (a kind that never syncs is
 * the host's own bookkeeping, not the person's data). API keys are left out everywhere.
 */
export async function* archiveEntries(ports: ExportPorts, scope: ArchiveScope): AsyncGenerator<ArchiveEntry> {
  const { store, files } = ports
  const collections = (await store.collections.listCollections()).filter(
    (collection) => scope.collectionId === null || collection.id === scope.collectionId,
  )
  for (const { document_count: _count, processed_count: _processed, ...collection } of collections) {
    yield { path: entryPath.collection(collection.id), bytes: json(collection), counts: { collections: 1 } }
  }
  const filesWritten = new Set<string>()
  for (const collection of collections) {
    for (const { progress: _progress, ...document } of await store.documents.listDocuments({
      collectionId: collection.id,
    })) {
      const key = fileKey(document)
      const bytes = await files.get(key)
      // A document whose file is gone cannot be brought back anywhere: it is left out.
      if (!bytes) continue
      if (!filesWritten.has(key)) {
        filesWritten.add(key)
        yield { path: entryPath.file(key), bytes, counts: { files: 1 } }
      }
      const chunks =
        document.status === 'completed' ? await store.chunks.listChunks({ documentId: document.id }) : []
      if (chunks.length > 0) {
        yield { path: entryPath.passages(document.id), bytes: await encodeChunks(chunks) }
      }
      const entry = { ...document, passages: chunks.length > 0 ? entryPath.passages(document.id) : null }
      yield { path: entryPath.document(document.id), bytes: json(entry), counts: { documents: 1 } }
    }
  }
  if (scope.collectionId === null || scope.includeChats) {
    for (const { message_count: _count, ...session } of await store.chat.listSessions()) {
      if (scope.collectionId !== null && session.collection_id !== scope.collectionId) continue
      const messages = await store.chat.listMessages(session.id, { limit: ALL_MESSAGES })
      yield {
        path: entryPath.chat(session.id),
        bytes: json({ session, messages }),
        counts: { chat_sessions: 1, chat_messages: messages.length },
      }
    }
  }
  if (scope.collectionId !== null) return
  for (const kind of SYNCED_RECORD_KINDS) {
    const records = (await store.records.listRecords(kind)).map((record) => ({
      ...record,
      data: withoutSecrets(record.data, secretNamesOf(kind)),
    }))
    if (records.length === 0) continue
    for (const record of records) {
      for (const key of pluginFileKeys(record.data)) {
        if (filesWritten.has(key)) continue
        const bytes = await files.get(key)
        if (!bytes) continue
        filesWritten.add(key)
        yield { path: entryPath.file(key), bytes, counts: { files: 1 } }
      }
    }
    yield { path: entryPath.records(kind), bytes: json(records), counts: { records: records.length } }
  }
  const settings = await store.settings.getSettings()
  if (settings !== undefined && settings !== null) {
    yield { path: entryPath.settings, bytes: json(withoutSecrets(settings, SETTING_SECRET_NAMES)) }
  }
}

/** The FileStore keys a record's `files` names (a plugin's package: path to SHA-256). */
export function pluginFileKeys(data: Record<string, unknown>): string[] {
  const files = data.files
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return []
  return Object.values(files).filter(
    (key): key is string => typeof key === 'string' && /^[0-9a-f]{64}$/.test(key),
  )
}

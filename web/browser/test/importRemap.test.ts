import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { DexieFileStore } from '../store/DexieFileStore'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import {
  newChatSession,
  newChunk,
  newCollection,
  newDocument,
} from '../../core/testing/conformance/store/fixtures'
import { createApiPorts } from '../../core/api/createApiPorts'
import { importArchive } from '../../core/archive/importArchive'
import type { ArchiveContents } from '../../core/archive/readArchive'
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION } from '../../core/archive/archiveFormat'
import { hashEmbedder } from '../../core/ingest/embed/hashEmbedder'
import { sha256Hex } from '../../core/store/FileStore'
import { ALL_MESSAGES } from '../../core/sync/appData/syncValues'

// An archive's document whose id is taken here by another file gets a new id (and so do its
// passages): the archived chats' sources must cite the new ids, or a citation opens nothing.
describe('importing an archive whose document ids are taken', () => {
  it('remaps the sources of imported chat messages to the new document and passage ids', async () => {
    const db = new QuireDatabase('import-remap', { indexedDB: new IDBFactory(), IDBKeyRange })
    const store = new DexieStore(db)
    const files = new DexieFileStore(db)
    const runtime = createApiPorts({
      store,
      files,
      ingestor: { ingest: async () => Promise.reject(new Error('nothing is processed again')) },
      maxUploadBytes: 1024 * 1024,
    })
    await runtime.start()
    const collection = await store.collections.createCollection(newCollection())
    // Here, under the archive document's id: another file.
    const archived = newDocument(collection.id, { status: 'completed', chunk_count: 1, progress: null })
    const localKey = await files.put(new TextEncoder().encode('another file'))
    await store.documents.createDocument({ ...archived, file_path: `files/${localKey}` })

    const bytes = new TextEncoder().encode('# Herons\n\nThe grey heron stands still.')
    const key = await sha256Hex(bytes)
    const [vector] = await hashEmbedder.embed(['The grey heron stands still.'])
    const chunk = {
      ...newChunk(archived, 0, { text: 'The grey heron stands still.' }),
      embedder: 'hash-v1',
      vector: vector!,
    }
    const session = {
      ...newChatSession({ collection_id: collection.id }),
      updated_at: new Date().toISOString(),
    }
    const source = {
      number: 1,
      document_id: archived.id,
      chunk_id: chunk.id,
      content: chunk.text,
      score: 1,
      filename: 'herons.md',
      page: null,
      heading: null,
    }
    const contents: ArchiveContents = {
      manifest: {
        format: ARCHIVE_FORMAT,
        format_version: ARCHIVE_FORMAT_VERSION,
        quire_version: '1.0.0',
        created_at: new Date().toISOString(),
        scope: { collection_id: collection.id, include_chats: true },
        counts: { collections: 1, documents: 1, files: 1, chat_sessions: 1, chat_messages: 1, records: 0 },
        secrets: '',
        entries: {},
      },
      collections: [{ ...collection }],
      documents: [
        {
          document: { ...archived, file_path: `files/${key}`, original_filename: 'herons.md' },
          hasPassages: true,
          chunks: async () => [chunk],
        },
      ],
      files: new Set([key]),
      readFile: async () => bytes,
      chats: [
        {
          session,
          forEachMessage: async (onMessage) => {
            await onMessage({
              id: 'message-1',
              session_id: session.id,
              role: 'assistant',
              content: 'It stands still [1].',
              metadata: { source_documents: [source], intent: { kind: 'retrieval' } },
              created_at: session.updated_at,
              collection_id: collection.id,
            })
          },
        },
      ],
      records: [],
      settings: undefined,
      close: async () => undefined,
    }
    const summary = await importArchive(runtime.ports, contents)
    expect(summary).toMatchObject({
      documents_added: 1,
      documents_taken_as_processed: 1,
      chat_messages_added: 1,
    })

    const imported = (await store.documents.listDocuments({ collectionId: collection.id })).find(
      (document) => document.original_filename === 'herons.md',
    )!
    expect(imported.id).not.toBe(archived.id)
    const [storedChunk] = await store.chunks.listChunks({ documentId: imported.id })
    expect(storedChunk?.id).not.toBe(chunk.id)
    const [message] = await store.chat.listMessages(session.id, { limit: ALL_MESSAGES })
    expect(message?.metadata).toEqual({
      source_documents: [{ ...source, document_id: imported.id, chunk_id: storedChunk!.id }],
      intent: { kind: 'retrieval' },
    })
    // The document that held the id is untouched.
    expect((await store.documents.getDocument(archived.id))?.file_path).toBe(`files/${localKey}`)
    runtime.documents.stop()
    await store.close()
  })
})

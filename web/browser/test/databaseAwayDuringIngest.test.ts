import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { DexieFileStore } from '../store/DexieFileStore'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import { newCollection, newDocument } from '../../core/store/conformance/fixtures'
import { processDocument } from '../../core/documents/processDocument'
import { ingestFile } from '../../core/ingest/ingestFile'
import { textParsers } from '../../core/ingest/parse/textParsers'
import { hashEmbedder } from '../../core/ingest/embed/hashEmbedder'
import { systemClock } from '../../core/time/Clock'
import { overridePort } from '../../core/store/overridePort'
import type { Store } from '../../core/store/Store'

// The store's database goes away while a document's passages are written (PostgreSQL restarting on
// the server: the client's "Connection terminated"). Only the store's own error is simulated.
describe('the database away during ingest', () => {
  it('leaves the document processing and hands the error on, so the job runs again', async () => {
    const db = new QuireDatabase('database-away-during-ingest', { indexedDB: new IDBFactory(), IDBKeyRange })
    const dexie = new DexieStore(db)
    const files = new DexieFileStore(db)
    let away = true
    const store: Store = overridePort(dexie, {
      chunks: overridePort(dexie.chunks, {
        replaceChunks: async (documentId, chunks) => {
          if (away) throw new Error('Connection terminated unexpectedly')
          return dexie.chunks.replaceChunks(documentId, chunks)
        },
      }),
    })
    let ids = 0
    const ports = {
      store,
      files,
      clock: systemClock,
      newId: () => `id-${++ids}`,
      logError: () => undefined,
      ingestor: {
        ingest: (request: { bytes?: Uint8Array; filename: string }) =>
          ingestFile(request.bytes!, request.filename, {
            parsers: textParsers,
            embedder: hashEmbedder,
            clock: systemClock,
          }),
      },
    }
    const collection = await store.collections.createCollection(newCollection())
    const key = await files.put(
      new TextEncoder().encode('# Heron\n\nThe grey heron stands still in shallow water.'),
    )
    const document = await store.documents.createDocument(
      newDocument(collection.id, {
        original_filename: 'heron.md',
        file_path: `files/${key}`,
        status: 'processing',
      }),
    )

    await expect(processDocument(document.id, ports)).rejects.toThrow('Connection terminated')
    expect((await store.documents.getDocument(document.id))?.status).toBe('processing')

    away = false
    expect((await processDocument(document.id, ports))?.status).toBe('completed')
    expect((await store.chunks.listChunks({ documentId: document.id })).length).toBeGreaterThan(0)
  })
})

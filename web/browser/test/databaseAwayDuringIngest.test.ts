import { describe, expect, it } from 'vitest'
import { processDocument } from '../../core/documents/processDocument'
import { systemClock } from '../../core/kernel/time/Clock'
import { overridePort } from '../../core/store/overridePort'
import type { Store } from '../../core/store/Store'
import { ingestWorld } from './ingestWorld'

// The store's database goes away while a document's passages are written (PostgreSQL restarting on
// the server: the client's "Connection terminated"). Only the store's own error is simulated.
describe('the database away during ingest', () => {
  it('leaves the document processing and hands the error on, so the job runs again', async () => {
    const world = ingestWorld('database-away-during-ingest')
    const dexie = world.store
    let away = true
    const store: Store = overridePort(dexie, {
      chunks: overridePort(dexie.chunks, {
        replaceChunks: async (documentId, chunks) => {
          if (away) throw new Error('Connection terminated unexpectedly')
          return dexie.chunks.replaceChunks(documentId, chunks)
        },
      }),
    })
    const ports = {
      store,
      files: world.files,
      clock: systemClock,
      newId: world.newId,
      logError: () => undefined,
      ingestor: { ingest: world.ingest },
    }
    const document = await world.addDocument(
      'heron.md',
      '# Heron\n\nThe grey heron stands still in shallow water.',
    )

    await expect(processDocument(document.id, ports)).rejects.toThrow('Connection terminated')
    expect((await store.documents.getDocument(document.id))?.status).toBe('processing')

    away = false
    expect((await processDocument(document.id, ports))?.status).toBe('completed')
    expect((await store.chunks.listChunks({ documentId: document.id })).length).toBeGreaterThan(0)
  })
})

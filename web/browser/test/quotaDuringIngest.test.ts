import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { processDocument } from '../../core/documents/processDocument'
import { systemClock } from '../../core/kernel/time/Clock'
import { overridePort } from '../../core/store/overridePort'
import type { Store } from '../../core/store/Store'
import { failureMessage } from '../../app/documents/documentLabels'
import type { QuireDocument } from '../../app/api/documentsApi'
import { ingestWorld } from './ingestWorld'

// The browser's storage quota runs out while a document's passages are written: Dexie aborts the
// transaction with the browser's QuotaExceededError as its `inner` error, as Chromium does.
describe('a storage quota error during ingest', () => {
  it('fails the document saying what happened and what to do, and keeps what was stored', async () => {
    const world = ingestWorld('quota-during-ingest')
    const { store: dexie, files } = world
    let full = false
    const store: Store = overridePort(dexie, {
      chunks: overridePort(dexie.chunks, {
        replaceChunks: async (documentId, chunks) => {
          if (full && chunks.length > 0) {
            throw new Dexie.AbortError(
              'Transaction aborted',
              new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
            )
          }
          return dexie.chunks.replaceChunks(documentId, chunks)
        },
      }),
    })
    const logged: unknown[] = []
    const ports = {
      store,
      files,
      clock: systemClock,
      newId: world.newId,
      logError: (error: unknown) => logged.push(error),
      ingestor: { ingest: world.ingest },
    }
    const add = world.addDocument
    const kept = await add('heron.md', '# Heron\n\nThe grey heron stands still in shallow water.')
    expect((await processDocument(kept.id, ports))?.status).toBe('completed')
    const keptChunks = await store.chunks.listChunks({ documentId: kept.id })
    expect(keptChunks.length).toBeGreaterThan(0)

    full = true
    const refused = await add('moss.md', '# Moss\n\nMoss grows on the north side of stones.')
    const failed = await processDocument(refused.id, ports)
    expect(failed?.status).toBe('failed')
    expect(failed?.metadata).toMatchObject({ error_code: 'storage_full' })
    // What the document list shows for it: what happened, that nothing stored was lost, what to do.
    expect(failureMessage(failed as QuireDocument)).toMatch(
      /browser’s storage for Quire is full.*kept.*deleting documents/,
    )
    expect(logged).toHaveLength(1)

    // The document stored before is untouched: completed, its passages and file still there.
    expect((await store.documents.getDocument(kept.id))?.status).toBe('completed')
    expect(await store.chunks.listChunks({ documentId: kept.id })).toEqual(keptChunks)
    expect(new TextDecoder().decode(await files.get(kept.file_path.slice('files/'.length)))).toContain(
      'heron',
    )
    // Its own file is kept too: processing it again once there is space needs no new upload.
    full = false
    expect((await processDocument(refused.id, ports))?.status).toBe('completed')
    await dexie.close()
  })
})

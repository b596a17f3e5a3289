import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { DexieFileStore } from '../store/DexieFileStore'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import {
  newChunk,
  newCollection,
  newDocument,
  newEvaluationRun,
} from '../../core/testing/conformance/store/fixtures'
import { createApiPorts } from '../../core/api/createApiPorts'
import { SearchIndex } from '../../core/retrieve/index/SearchIndex'
import type { WarmUpShape, WarmUpShapes } from '../../core/retrieve/snapshot/SearchIndexPort'
import { scaledTimeout } from '../../core/testing/node/scaledTimeout'

describe('createApiPorts', () => {
  it('restores the search index from stored chunks without embedding anything again', async () => {
    const db = new QuireDatabase('restore-test', { indexedDB: new IDBFactory(), IDBKeyRange })
    const store = new DexieStore(db)
    const collection = await store.collections.createCollection(newCollection())
    const document = await store.documents.createDocument(newDocument(collection.id, { status: 'completed' }))
    const chunks = [0, 1, 2].map((i) => newChunk(document, i, { text: `Oystercatchers nest ${i}` }))
    await store.chunks.replaceChunks(document.id, chunks)

    let ingested = 0
    const runtime = createApiPorts({
      store,
      files: new DexieFileStore(db),
      ingestor: {
        ingest: async () => {
          ingested += 1
          throw new Error('nothing should be ingested')
        },
      },
      maxUploadBytes: 1024,
    })
    await runtime.start()
    // Without a host index of its own, the runtime's is a SearchIndex in memory.
    const index = runtime.ports.index as SearchIndex
    expect(index.size).toBe(3)
    expect(index.vectorCount('hash-v1')).toBe(3)
    const found = await index.search({
      query: 'oystercatchers',
      exactVectors: (ids) => store.chunks.chunkVectors(ids),
      limit: 5,
      mode: 'bm25',
      similarityThreshold: 0,
    })
    expect(found.results.map((r) => r.id).sort()).toEqual(chunks.map((c) => c.id).sort())
    expect(ingested).toBe(0)

    // Cancelling unindexes the document in the background, in slices (see createApiPorts).
    runtime.ports.documents.cancel(document.id)
    await vi.waitFor(() => expect(index.size).toBe(0), { timeout: scaledTimeout(1000) })
    await store.close()
  })

  it('ends evaluation runs a stop cut short, so none stays running forever', async () => {
    const db = new QuireDatabase('interrupted-test', { indexedDB: new IDBFactory(), IDBKeyRange })
    const store = new DexieStore(db)
    const collection = await store.collections.createCollection(newCollection())
    const cut = await store.evaluation.createEvaluationRun(
      newEvaluationRun(collection.id, { mode: 'server', status: 'running' }),
    )
    const plugin = await store.evaluation.createEvaluationRun(
      newEvaluationRun(collection.id, { mode: 'plugin', status: 'in_progress' }),
    )
    const runtime = createApiPorts({
      store,
      files: new DexieFileStore(db),
      ingestor: { ingest: async () => Promise.reject(new Error('unused')) },
      maxUploadBytes: 1024,
    })
    await runtime.start()
    const ended = await store.evaluation.getEvaluationRun(cut.id)
    expect(ended?.status).toBe('failed')
    expect(ended?.error).toMatch(/interrupted/)
    expect(ended?.completed_at).not.toBeNull()
    // A client-driven run goes on where its client left it.
    expect((await store.evaluation.getEvaluationRun(plugin.id))?.status).toBe('in_progress')
    await store.close()
  })

  it("asks the index to save and warm up when the documents queued have all been processed, once for a folder's", async () => {
    const db = new QuireDatabase('drained-test', { indexedDB: new IDBFactory(), IDBKeyRange })
    const store = new DexieStore(db)
    const files = new DexieFileStore(db)
    const collection = await store.collections.createCollection(newCollection())
    const file_path = `files/${await files.put(new TextEncoder().encode('Oystercatchers nest.'))}`
    // One document processed before: the warm-up searches as searches of it would be asked.
    const done = await store.documents.createDocument(newDocument(collection.id, { status: 'completed' }))
    await store.chunks.replaceChunks(done.id, [
      newChunk(done, 0, { text: 'Oystercatchers nest on shingle.' }),
    ])
    const documents = await Promise.all(
      [0, 1, 2].map(() =>
        store.documents.createDocument(newDocument(collection.id, { status: 'pending', file_path })),
      ),
    )
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const ingested: string[] = []
    const warmUps: Array<{ ingested: number; shapes: readonly WarmUpShape[] }> = []
    const saves: number[] = []
    const index = Object.assign(new SearchIndex(), {
      // The shapes are read when a warm-up runs (`ManagedIndex.warmUp`): here, always.
      warmUp: (asked: WarmUpShapes) => {
        const at = ingested.length
        void (typeof asked === 'function' ? asked() : Promise.resolve(asked)).then((shapes) =>
          warmUps.push({ ingested: at, shapes }),
        )
      },
      saveSoon: () => saves.push(ingested.length),
    })
    const runtime = createApiPorts({
      store,
      files,
      index,
      ingestor: {
        ingest: async () => {
          ingested.push('one')
          await held
          throw new Error('unreadable')
        },
      },
      maxUploadBytes: 1024,
      logError: () => {},
    })
    for (const document of documents) await runtime.ports.documents.enqueue(document.id)
    await vi.waitFor(() => expect(ingested).toHaveLength(1), { timeout: scaledTimeout(1000) })
    expect(warmUps).toEqual([]) // processing: nobody searches yet
    expect(saves).toEqual([]) // and changes go on
    release()
    await vi.waitFor(
      async () => expect((await store.documents.listDocuments({ statuses: ['failed'] })).length).toBe(3),
      { timeout: scaledTimeout(1000) },
    )
    await vi.waitFor(() => expect(warmUps).toHaveLength(1), { timeout: scaledTimeout(1000) })
    // Saved without waiting for changes to settle: they have.
    expect(saves).toEqual([3])
    // After the last of the three, with the completed document's profile: all collections, then its own.
    const [{ ingested: before, shapes }] = warmUps as [(typeof warmUps)[0]]
    expect(before).toBe(3)
    expect(shapes.map((shape) => shape.collectionIds)).toEqual([undefined, [collection.id]])
    for (const shape of shapes) {
      expect(shape).toMatchObject({ limit: 50, mode: 'hybrid' })
      expect(shape.documentProfiles?.map((profile) => profile.documentId)).toEqual([done.id])
    }
    await store.close()
  })
})

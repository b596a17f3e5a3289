import { checkEqual } from '../../check'
import type { HostCase } from '../../HostCase'
import { checkChunksEqual } from './checkChunksEqual'
import { newChunk, newCollection, newDocument } from './fixtures'
import type { StoreConformanceContext } from './StoreConformanceContext'

const ids = (records: Array<{ id: string }>) => records.map((r) => r.id)

/** What every Store adapter must do with documents (and their chunks when a document goes). */
export const documentConformance: HostCase<StoreConformanceContext>[] = [
  {
    name: 'creates a document and reads it back, metadata and progress included',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const document = newDocument(collection.id, { metadata: { note: 'ünï', nested: { pages: 3 } } })
      checkEqual(await store.documents.createDocument(document), document, 'created document')
      checkEqual(await store.documents.getDocument(document.id), document, 'document read back')
      checkEqual(
        await store.documents.getDocument('00000000-0000-4000-9000-ffffffffffff'),
        undefined,
        'unknown id',
      )
    },
  },
  {
    name: 'lists documents newest first, by collection and by status',
    async run({ store }) {
      const a = await store.collections.createCollection(newCollection())
      const b = await store.collections.createCollection(newCollection())
      const first = await store.documents.createDocument(newDocument(a.id))
      const second = await store.documents.createDocument(newDocument(b.id, { status: 'completed' }))
      const third = await store.documents.createDocument(newDocument(a.id, { status: 'failed' }))
      checkEqual(ids(await store.documents.listDocuments()), [third.id, second.id, first.id], 'all documents')
      checkEqual(
        ids(await store.documents.listDocuments({ collectionId: a.id })),
        [third.id, first.id],
        'collection a',
      )
      checkEqual(
        ids(await store.documents.listDocuments({ statuses: ['processing', 'pending'] })),
        [first.id],
        'unfinished documents',
      )
    },
  },
  {
    name: 'updates a document; its collection counts every document, and the completed ones apart',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const document = await store.documents.createDocument(newDocument(collection.id))
      await store.documents.createDocument(newDocument(collection.id, { status: 'failed' }))
      const counts = async () => {
        const { document_count, processed_count } = (await store.collections.getCollection(collection.id))!
        return { document_count, processed_count }
      }
      checkEqual(await counts(), { document_count: 2, processed_count: 0 }, 'counts while processing')
      const progress = await store.documents.updateDocument(document.id, {
        progress: { stage: 'embedding', percent: 60 },
      })
      checkEqual(progress?.progress, { stage: 'embedding', percent: 60 }, 'progress')
      const done = await store.documents.updateDocument(document.id, {
        status: 'completed',
        processed_at: '2026-02-01T00:00:00.000Z',
        metadata: { pages: 14, embedder: 'hash-v1' },
        chunk_count: 42,
        progress: null,
      })
      checkEqual(
        done,
        { ...document, ...done, status: 'completed', progress: null, chunk_count: 42 },
        'completed',
      )
      checkEqual(done?.metadata, { pages: 14, embedder: 'hash-v1' }, 'metadata')
      checkEqual(await counts(), { document_count: 2, processed_count: 1 }, 'counts once completed')
      const listed = (await store.collections.listCollections()).find((c) => c.id === collection.id)
      checkEqual([listed?.document_count, listed?.processed_count], [2, 1], 'counts in the list')
      checkEqual(
        await store.documents.updateDocument('00000000-0000-4000-9000-eeeeeeeeeeee', { chunk_count: 1 }),
        undefined,
        'unknown',
      )
    },
  },
  {
    name: 'keeps both of two patches of different fields made at once (a rename during processing)',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const document = await store.documents.createDocument(newDocument(collection.id))
      await Promise.all([
        store.documents.updateDocument(document.id, { progress: { stage: 'embedding', percent: 60 } }),
        store.documents.updateDocument(document.id, { original_filename: 'Tide table.md' }),
      ])
      const both = await store.documents.getDocument(document.id)
      checkEqual(
        [both?.original_filename, both?.progress],
        ['Tide table.md', { stage: 'embedding', percent: 60 }],
        'both patches',
      )
    },
  },
  {
    name: 'deleting a document deletes its chunks only',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const keep = await store.documents.createDocument(newDocument(collection.id, { status: 'completed' }))
      const drop = await store.documents.createDocument(newDocument(collection.id, { status: 'completed' }))
      await store.chunks.replaceChunks(keep.id, [newChunk(keep, 0)])
      await store.chunks.replaceChunks(drop.id, [newChunk(drop, 0), newChunk(drop, 1)])
      checkEqual(await store.documents.deleteDocument(drop.id), true, 'first delete')
      checkEqual(await store.documents.deleteDocument(drop.id), false, 'second delete')
      checkEqual(await store.chunks.listChunks({ documentId: drop.id }), [], 'chunks of the deleted document')
      checkEqual((await store.chunks.listChunks({ collectionId: collection.id })).length, 1, 'chunks left')
      checkEqual(
        (await store.collections.getCollection(collection.id))?.document_count,
        1,
        'count after delete',
      )
    },
  },
  {
    name: 'deleting a collection deletes its documents and chunks, and nothing else',
    async run({ store }) {
      const doomed = await store.collections.createCollection(newCollection())
      const kept = await store.collections.createCollection(newCollection())
      const d1 = await store.documents.createDocument(newDocument(doomed.id))
      const k1 = await store.documents.createDocument(newDocument(kept.id))
      await store.chunks.replaceChunks(d1.id, [newChunk(d1, 0)])
      await store.chunks.replaceChunks(k1.id, [newChunk(k1, 0)])
      checkEqual(await store.collections.deleteCollection(doomed.id), true, 'delete')
      checkEqual(await store.documents.getDocument(d1.id), undefined, 'document of the deleted collection')
      checkEqual(await store.chunks.listChunks({ collectionId: doomed.id }), [], 'its chunks')
      checkEqual(ids(await store.documents.listDocuments()), [k1.id], 'documents left')
      checkEqual((await store.chunks.listChunks()).length, 1, 'chunks left')
    },
  },
  {
    name: 'persists documents and chunks across close and reopen',
    async run({ store, reopen }) {
      const collection = await store.collections.createCollection(newCollection())
      const document = await store.documents.createDocument(
        newDocument(collection.id, { status: 'completed' }),
      )
      const chunks = [newChunk(document, 0), newChunk(document, 1)]
      await store.chunks.replaceChunks(document.id, chunks)
      const reopened = await reopen()
      checkEqual(await reopened.documents.getDocument(document.id), document, 'document after reopen')
      checkChunksEqual(
        await reopened.chunks.listChunks({ documentId: document.id }),
        chunks,
        'chunks after reopen',
      )
      checkEqual(
        (await reopened.collections.getCollection(collection.id))?.document_count,
        1,
        'count after reopen',
      )
    },
  },
]

import type { ChunkRecord } from '../ChunkRecord'
import { check, checkEqual } from '../../testing/check'
import type { HostCase } from '../../testing/HostCase'
import { newChunk, newCollection, newDocument } from './fixtures'
import type { StoreConformanceContext } from './storeConformance'

const ids = (records: Array<{ id: string }>) => records.map((r) => r.id)

function checkChunksEqual(actual: ChunkRecord[], expected: ChunkRecord[], what: string) {
  checkEqual(actual.length, expected.length, `${what}: count`)
  expected.forEach((chunk, i) => {
    const got = actual[i]
    check(got !== undefined, `${what}: chunk ${i} missing`)
    const { vector, ...rest } = chunk
    const { vector: gotVector, ...gotRest } = got
    checkEqual(gotRest, rest, `${what}: chunk ${i}`)
    check(gotVector === null ? vector === null : gotVector instanceof Float32Array, `${what}: vector type`)
    checkEqual(
      gotVector ? Array.from(gotVector) : null,
      vector ? Array.from(vector) : null,
      `${what}: vector ${i}`,
    )
  })
}

/** What every Store adapter must do with documents and their chunks. */
export const documentConformance: HostCase<StoreConformanceContext>[] = [
  {
    name: 'creates a document and reads it back, metadata and progress included',
    async run({ store }) {
      const collection = await store.createCollection(newCollection())
      const document = newDocument(collection.id, { metadata: { note: 'ünï', nested: { pages: 3 } } })
      checkEqual(await store.createDocument(document), document, 'created document')
      checkEqual(await store.getDocument(document.id), document, 'document read back')
      checkEqual(await store.getDocument('00000000-0000-4000-9000-ffffffffffff'), undefined, 'unknown id')
    },
  },
  {
    name: 'lists documents newest first, by collection and by status',
    async run({ store }) {
      const a = await store.createCollection(newCollection())
      const b = await store.createCollection(newCollection())
      const first = await store.createDocument(newDocument(a.id))
      const second = await store.createDocument(newDocument(b.id, { status: 'completed' }))
      const third = await store.createDocument(newDocument(a.id, { status: 'failed' }))
      checkEqual(ids(await store.listDocuments()), [third.id, second.id, first.id], 'all documents')
      checkEqual(ids(await store.listDocuments({ collectionId: a.id })), [third.id, first.id], 'collection a')
      checkEqual(
        ids(await store.listDocuments({ statuses: ['processing', 'pending'] })),
        [first.id],
        'unfinished documents',
      )
    },
  },
  {
    name: 'updates a document and counts completed documents in its collection',
    async run({ store }) {
      const collection = await store.createCollection(newCollection())
      const document = await store.createDocument(newDocument(collection.id))
      await store.createDocument(newDocument(collection.id, { status: 'failed' }))
      checkEqual((await store.getCollection(collection.id))?.document_count, 0, 'count while processing')
      const progress = await store.updateDocument(document.id, {
        progress: { stage: 'embedding', percent: 60 },
      })
      checkEqual(progress?.progress, { stage: 'embedding', percent: 60 }, 'progress')
      const done = await store.updateDocument(document.id, {
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
      checkEqual((await store.getCollection(collection.id))?.document_count, 1, 'count once completed')
      checkEqual(
        (await store.listCollections()).find((c) => c.id === collection.id)?.document_count,
        1,
        'count in the list',
      )
      checkEqual(
        await store.updateDocument('00000000-0000-4000-9000-eeeeeeeeeeee', { chunk_count: 1 }),
        undefined,
        'unknown',
      )
    },
  },
  {
    name: 'replaces a document’s chunks and keeps vectors exactly',
    async run({ store }) {
      const collection = await store.createCollection(newCollection())
      const document = await store.createDocument(newDocument(collection.id))
      const other = await store.createDocument(newDocument(collection.id))
      const old = [newChunk(document, 0), newChunk(document, 1)]
      await store.replaceChunks(document.id, old)
      const otherChunks = [newChunk(other, 0, { vector: null, embedder: null })]
      await store.replaceChunks(other.id, otherChunks)
      const fresh = [newChunk(document, 0), newChunk(document, 1), newChunk(document, 2, { page: null })]
      await store.replaceChunks(document.id, fresh)
      checkChunksEqual(await store.listChunks({ documentId: document.id }), fresh, 'replaced chunks')
      checkChunksEqual(await store.listChunks({ documentId: other.id }), otherChunks, 'other document')
      const all = await store.listChunks({ collectionId: collection.id })
      checkEqual(all.length, 4, 'chunks in the collection')
    },
  },
  {
    name: 'keeps the OCR mark of chunks read by OCR (listed, got by id, after reopen), and gives none to others',
    async run({ store, reopen }) {
      const collection = await store.createCollection(newCollection())
      const document = await store.createDocument(newDocument(collection.id))
      const chunks = [
        newChunk(document, 0),
        newChunk(document, 1, { ocr: { confidence: 0.87 } }),
        newChunk(document, 2, { ocr: { confidence: 1 }, vector: null, embedder: null }),
      ]
      await store.replaceChunks(document.id, chunks)
      checkChunksEqual(await store.listChunks({ documentId: document.id }), chunks, 'listed')
      const byId = await store.getChunks(chunks.map((chunk) => chunk.id))
      checkEqual(
        chunks.map((chunk) => byId.find((got) => got.id === chunk.id)?.ocr),
        [undefined, { confidence: 0.87 }, { confidence: 1 }],
        'got by id',
      )
      check(!('ocr' in (byId.find((got) => got.id === chunks[0]!.id) ?? {})), 'an unmarked chunk has no ocr')
      const reopened = await reopen()
      checkChunksEqual(await reopened.listChunks({ documentId: document.id }), chunks, 'after reopen')
    },
  },
  {
    name: 'deleting a document deletes its chunks only',
    async run({ store }) {
      const collection = await store.createCollection(newCollection())
      const keep = await store.createDocument(newDocument(collection.id, { status: 'completed' }))
      const drop = await store.createDocument(newDocument(collection.id, { status: 'completed' }))
      await store.replaceChunks(keep.id, [newChunk(keep, 0)])
      await store.replaceChunks(drop.id, [newChunk(drop, 0), newChunk(drop, 1)])
      checkEqual(await store.deleteDocument(drop.id), true, 'first delete')
      checkEqual(await store.deleteDocument(drop.id), false, 'second delete')
      checkEqual(await store.listChunks({ documentId: drop.id }), [], 'chunks of the deleted document')
      checkEqual((await store.listChunks({ collectionId: collection.id })).length, 1, 'chunks left')
      checkEqual((await store.getCollection(collection.id))?.document_count, 1, 'count after delete')
    },
  },
  {
    name: 'deleting a collection deletes its documents and chunks, and nothing else',
    async run({ store }) {
      const doomed = await store.createCollection(newCollection())
      const kept = await store.createCollection(newCollection())
      const d1 = await store.createDocument(newDocument(doomed.id))
      const k1 = await store.createDocument(newDocument(kept.id))
      await store.replaceChunks(d1.id, [newChunk(d1, 0)])
      await store.replaceChunks(k1.id, [newChunk(k1, 0)])
      checkEqual(await store.deleteCollection(doomed.id), true, 'delete')
      checkEqual(await store.getDocument(d1.id), undefined, 'document of the deleted collection')
      checkEqual(await store.listChunks({ collectionId: doomed.id }), [], 'its chunks')
      checkEqual(ids(await store.listDocuments()), [k1.id], 'documents left')
      checkEqual((await store.listChunks()).length, 1, 'chunks left')
    },
  },
  {
    name: 'persists documents and chunks across close and reopen',
    async run({ store, reopen }) {
      const collection = await store.createCollection(newCollection())
      const document = await store.createDocument(newDocument(collection.id, { status: 'completed' }))
      const chunks = [newChunk(document, 0), newChunk(document, 1)]
      await store.replaceChunks(document.id, chunks)
      const reopened = await reopen()
      checkEqual(await reopened.getDocument(document.id), document, 'document after reopen')
      checkChunksEqual(await reopened.listChunks({ documentId: document.id }), chunks, 'chunks after reopen')
      checkEqual((await reopened.getCollection(collection.id))?.document_count, 1, 'count after reopen')
    },
  },
]

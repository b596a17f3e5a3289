import { check, checkEqual } from '../../check'
import type { HostCase } from '../../HostCase'
import { checkChunksEqual } from './checkChunksEqual'
import { newChunk, newCollection, newDocument } from './fixtures'
import type { StoreConformanceContext } from './StoreConformanceContext'

/** What every Store adapter must do with chunks: replaced whole, listed, and read by id (search hydrates its results this way). */
export const chunkConformance: HostCase<StoreConformanceContext>[] = [
  {
    name: 'replaces a document’s chunks and keeps vectors exactly',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const document = await store.documents.createDocument(newDocument(collection.id))
      const other = await store.documents.createDocument(newDocument(collection.id))
      const old = [newChunk(document, 0), newChunk(document, 1)]
      await store.chunks.replaceChunks(document.id, old)
      const otherChunks = [newChunk(other, 0, { vector: null, embedder: null })]
      await store.chunks.replaceChunks(other.id, otherChunks)
      const fresh = [newChunk(document, 0), newChunk(document, 1), newChunk(document, 2, { page: null })]
      await store.chunks.replaceChunks(document.id, fresh)
      checkChunksEqual(await store.chunks.listChunks({ documentId: document.id }), fresh, 'replaced chunks')
      checkChunksEqual(await store.chunks.listChunks({ documentId: other.id }), otherChunks, 'other document')
      const all = await store.chunks.listChunks({ collectionId: collection.id })
      checkEqual(all.length, 4, 'chunks in the collection')
    },
  },
  {
    name: 'adds chunks to a document’s stored ones, and none to a document that is gone',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const document = await store.documents.createDocument(newDocument(collection.id))
      const first = [newChunk(document, 0), newChunk(document, 1)]
      await store.chunks.replaceChunks(document.id, first)
      const added = [newChunk(document, 2), newChunk(document, 3, { vector: null, embedder: null })]
      await store.chunks.addChunks(document.id, added)
      checkChunksEqual(
        await store.chunks.listChunks({ documentId: document.id }),
        [...first, ...added],
        'stored and added',
      )
      checkEqual((await store.chunks.getChunks([added[0]!.id])).length, 1, 'an added chunk by id')
      // A replacement after additions replaces them all.
      const fresh = [newChunk(document, 0)]
      await store.chunks.replaceChunks(document.id, fresh)
      checkChunksEqual(await store.chunks.listChunks({ documentId: document.id }), fresh, 'replaced after')
      const gone = await store.documents.createDocument(newDocument(collection.id))
      await store.documents.deleteDocument(gone.id)
      await store.chunks.addChunks(gone.id, [newChunk(gone, 0)])
      checkEqual(await store.chunks.listChunks({ documentId: gone.id }), [], 'a deleted document')
    },
  },
  {
    name: 'lists at most `limit` chunks, the first in order',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const document = await store.documents.createDocument(newDocument(collection.id))
      const chunks = [0, 1, 2, 3, 4].map((i) => newChunk(document, i))
      // Stored out of order: the limit takes the first by index, not the first written.
      await store.chunks.replaceChunks(document.id, [
        chunks[3]!,
        chunks[0]!,
        chunks[4]!,
        chunks[2]!,
        chunks[1]!,
      ])
      checkChunksEqual(
        await store.chunks.listChunks({ documentId: document.id, limit: 2 }),
        chunks.slice(0, 2),
        'first two of the document',
      )
      checkChunksEqual(
        await store.chunks.listChunks({ documentId: document.id, limit: 9 }),
        chunks,
        'a limit past the end',
      )
      checkEqual(await store.chunks.listChunks({ documentId: document.id, limit: 0 }), [], 'limit 0')
      checkChunksEqual(
        await store.chunks.listChunks({ collectionId: collection.id, limit: 3 }),
        chunks.slice(0, 3),
        'first three of the collection',
      )
    },
  },
  {
    name: 'keeps the OCR mark of chunks read by OCR (listed, got by id, after reopen), and gives none to others',
    async run({ store, reopen }) {
      const collection = await store.collections.createCollection(newCollection())
      const document = await store.documents.createDocument(newDocument(collection.id))
      const chunks = [
        newChunk(document, 0),
        newChunk(document, 1, { ocr: { confidence: 0.87 } }),
        newChunk(document, 2, { ocr: { confidence: 1 }, vector: null, embedder: null }),
      ]
      await store.chunks.replaceChunks(document.id, chunks)
      checkChunksEqual(await store.chunks.listChunks({ documentId: document.id }), chunks, 'listed')
      const byId = await store.chunks.getChunks(chunks.map((chunk) => chunk.id))
      checkEqual(
        chunks.map((chunk) => byId.find((got) => got.id === chunk.id)?.ocr),
        [undefined, { confidence: 0.87 }, { confidence: 1 }],
        'got by id',
      )
      check(!('ocr' in (byId.find((got) => got.id === chunks[0]!.id) ?? {})), 'an unmarked chunk has no ocr')
      const reopened = await reopen()
      checkChunksEqual(await reopened.chunks.listChunks({ documentId: document.id }), chunks, 'after reopen')
    },
  },
  {
    name: 'gets chunks by id, vectors included, skipping ids that do not exist',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const document = await store.documents.createDocument(newDocument(collection.id))
      const chunks = [0, 1, 2].map((i) =>
        newChunk(document, i, { embedder: 'hash-v1', vector: new Float32Array([i, 0.5, -1]) }),
      )
      await store.chunks.replaceChunks(document.id, chunks)
      const found = await store.chunks.getChunks([chunks[2]!.id, 'no-such-chunk', chunks[0]!.id])
      checkEqual(found.map((c) => c.id).sort(), [chunks[0]!.id, chunks[2]!.id].sort(), 'found ids')
      const third = found.find((c) => c.id === chunks[2]!.id)
      check(third?.vector instanceof Float32Array, 'vector is a Float32Array')
      checkEqual(Array.from(third.vector), [2, 0.5, -1], 'vector values')
      checkEqual(third.text, chunks[2]!.text, 'text')
      checkEqual(await store.chunks.getChunks([]), [], 'no ids, no chunks')
      await store.documents.deleteDocument(document.id)
      checkEqual(await store.chunks.getChunks([chunks[1]!.id]), [], 'gone with their document')
    },
  },
  {
    name: "reads chunks' stored vectors and embedders by id, without their text, skipping ids that do not exist",
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const document = await store.documents.createDocument(newDocument(collection.id))
      const chunks = [
        newChunk(document, 0, { embedder: 'hash-v1', vector: new Float32Array([0.25, -1.5, 3]) }),
        newChunk(document, 1, { embedder: null, vector: null }),
      ]
      await store.chunks.replaceChunks(document.id, chunks)
      const found = await store.chunks.chunkVectors([chunks[1]!.id, 'no-such-chunk', chunks[0]!.id])
      checkEqual(found.map((c) => c.id).sort(), [chunks[0]!.id, chunks[1]!.id].sort(), 'found ids')
      const first = found.find((c) => c.id === chunks[0]!.id)
      check(first?.vector instanceof Float32Array, 'vector is a Float32Array')
      checkEqual(Array.from(first.vector), [0.25, -1.5, 3], 'vector values')
      checkEqual(first.embedder, 'hash-v1', 'embedder')
      checkEqual(Object.keys(first).sort(), ['embedder', 'id', 'vector'], 'only id, embedder and vector')
      const second = found.find((c) => c.id === chunks[1]!.id)
      checkEqual([second?.embedder, second?.vector], [null, null], 'a chunk without a vector')
      checkEqual(await store.chunks.chunkVectors([]), [], 'no ids, nothing')
      // The same id in the document's new chunks: its new vector, and nothing of the old set.
      const again = { ...chunks[0]!, embedder: 'e2', vector: new Float32Array([1, 2, 3]) }
      await store.chunks.replaceChunks(document.id, [again])
      const replaced = await store.chunks.chunkVectors([chunks[0]!.id, chunks[1]!.id])
      checkEqual(
        replaced.map((c) => [c.embedder, Array.from(c.vector ?? [])]),
        [['e2', [1, 2, 3]]],
        'the current chunks only',
      )
      await store.documents.deleteDocument(document.id)
      checkEqual(await store.chunks.chunkVectors([chunks[0]!.id]), [], 'gone with their document')
    },
  },
]

import { check, checkEqual } from '../../testing/check'
import type { HostCase } from '../../testing/HostCase'
import { newChunk, newCollection, newDocument } from './fixtures'
import type { StoreConformanceContext } from './storeConformance'

/** Chunks by id (search results are hydrated this way) and the settings record. */
export const lookupConformance: HostCase<StoreConformanceContext>[] = [
  {
    name: 'gets chunks by id, vectors included, skipping ids that do not exist',
    async run({ store }) {
      const collection = await store.createCollection(newCollection())
      const document = await store.createDocument(newDocument(collection.id))
      const chunks = [0, 1, 2].map((i) =>
        newChunk(document, i, { embedder: 'hash-v1', vector: new Float32Array([i, 0.5, -1]) }),
      )
      await store.replaceChunks(document.id, chunks)
      const found = await store.getChunks([chunks[2]!.id, 'no-such-chunk', chunks[0]!.id])
      checkEqual(found.map((c) => c.id).sort(), [chunks[0]!.id, chunks[2]!.id].sort(), 'found ids')
      const third = found.find((c) => c.id === chunks[2]!.id)
      check(third?.vector instanceof Float32Array, 'vector is a Float32Array')
      checkEqual(Array.from(third.vector), [2, 0.5, -1], 'vector values')
      checkEqual(third.text, chunks[2]!.text, 'text')
      checkEqual(await store.getChunks([]), [], 'no ids, no chunks')
      await store.deleteDocument(document.id)
      checkEqual(await store.getChunks([chunks[1]!.id]), [], 'gone with their document')
    },
  },
  {
    name: "reads chunks' stored vectors and embedders by id, without their text, skipping ids that do not exist",
    async run({ store }) {
      const collection = await store.createCollection(newCollection())
      const document = await store.createDocument(newDocument(collection.id))
      const chunks = [
        newChunk(document, 0, { embedder: 'hash-v1', vector: new Float32Array([0.25, -1.5, 3]) }),
        newChunk(document, 1, { embedder: null, vector: null }),
      ]
      await store.replaceChunks(document.id, chunks)
      const found = await store.chunkVectors([chunks[1]!.id, 'no-such-chunk', chunks[0]!.id])
      checkEqual(found.map((c) => c.id).sort(), [chunks[0]!.id, chunks[1]!.id].sort(), 'found ids')
      const first = found.find((c) => c.id === chunks[0]!.id)
      check(first?.vector instanceof Float32Array, 'vector is a Float32Array')
      checkEqual(Array.from(first.vector), [0.25, -1.5, 3], 'vector values')
      checkEqual(first.embedder, 'hash-v1', 'embedder')
      checkEqual(Object.keys(first).sort(), ['embedder', 'id', 'vector'], 'only id, embedder and vector')
      const second = found.find((c) => c.id === chunks[1]!.id)
      checkEqual([second?.embedder, second?.vector], [null, null], 'a chunk without a vector')
      checkEqual(await store.chunkVectors([]), [], 'no ids, nothing')
      // The same id in the document's new chunks: its new vector, and nothing of the old set.
      const again = { ...chunks[0]!, embedder: 'e2', vector: new Float32Array([1, 2, 3]) }
      await store.replaceChunks(document.id, [again])
      const replaced = await store.chunkVectors([chunks[0]!.id, chunks[1]!.id])
      checkEqual(
        replaced.map((c) => [c.embedder, Array.from(c.vector ?? [])]),
        [['e2', [1, 2, 3]]],
        'the current chunks only',
      )
      await store.deleteDocument(document.id)
      checkEqual(await store.chunkVectors([chunks[0]!.id]), [], 'gone with their document')
    },
  },
  {
    name: 'keeps the settings record across reopening, replacing it on every put',
    async run({ store, reopen }) {
      checkEqual(await store.getSettings(), undefined, 'nothing saved at first')
      await store.putSettings({ generator: { kind: 'ollama', base_url: 'http://x', model: 'm' } })
      const value = { embedder: { id: 'hash-v1' }, generator: { kind: 'extractive' }, note: 'ünï' }
      await store.putSettings(value)
      const reopened = await reopen()
      checkEqual(await reopened.getSettings(), value, 'the last value, after reopening')
    },
  },
]

import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { newChunk, newCollection, newDocument } from '../../core/testing/conformance/store/fixtures'
import { ChunkVectorCache } from './ChunkVectorCache'
import { DexieStore } from './DexieStore'
import { QuireDatabase } from './QuireDatabase'

const vector = (id: string) => ({ id, embedder: 'hash-v1', vector: new Float32Array([1, 2]) })

describe('ChunkVectorCache', () => {
  it('keeps the most recently used vectors up to its capacity', () => {
    const cache = new ChunkVectorCache(2)
    cache.set(vector('a'))
    cache.set(vector('b'))
    expect(cache.get('a')?.id).toBe('a') // a is now the most recent
    cache.set(vector('c'))
    expect([cache.get('a')?.id, cache.get('b'), cache.get('c')?.id]).toEqual(['a', undefined, 'c'])
    expect(cache.size).toBe(2)
    cache.clear()
    expect(cache.size).toBe(0)
  })

  it('holds nothing with no capacity', () => {
    const cache = new ChunkVectorCache(0)
    cache.set(vector('a'))
    expect(cache.get('a')).toBeUndefined()
  })
})

describe('DexieChunks.chunkVectors', () => {
  it('reads a vector from IndexedDB once, until a write to the chunks', async () => {
    const db = new QuireDatabase('quire-test', { indexedDB: new IDBFactory(), IDBKeyRange })
    const store = new DexieStore(db)
    const collection = await store.collections.createCollection(newCollection())
    const document = await store.documents.createDocument(newDocument(collection.id))
    const chunk = newChunk(document, 0, { embedder: 'hash-v1', vector: new Float32Array([0.5, 1]) })
    await store.chunks.replaceChunks(document.id, [chunk])
    const reads = vi.spyOn(db.chunks, 'bulkGet')
    await store.chunks.chunkVectors([chunk.id])
    const again = await store.chunks.chunkVectors([chunk.id])
    expect(reads).toHaveBeenCalledTimes(1)
    expect(Array.from(again[0]?.vector ?? [])).toEqual([0.5, 1])
    await store.chunks.replaceChunks(document.id, [{ ...chunk, vector: new Float32Array([2, 3]) }])
    const replaced = await store.chunks.chunkVectors([chunk.id])
    expect(reads).toHaveBeenCalledTimes(2)
    expect(Array.from(replaced[0]?.vector ?? [])).toEqual([2, 3])
  })
})

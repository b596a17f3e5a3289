import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { IndexSnapshotStore } from '../../core/retrieve/snapshot/IndexSnapshotStore'
import { ManagedIndex } from '../../core/retrieve/snapshot/ManagedIndex'
import { newChunk, newCollection, newDocument } from '../../core/testing/conformance/store/fixtures'
import type { UnreadVectorRows } from '../../core/retrieve/index/UnreadVectorRows'
import { decodeIndexSnapshot } from '../../core/retrieve/snapshot/decodeIndexSnapshot'
import { snapshotFirstRead } from '../../core/retrieve/snapshot/snapshotFirstRead'
import { encodeVersion1Snapshot, snapshotBytes } from '../../core/testing/indexSnapshotBytes'
import { DexieIndexSnapshots } from './DexieIndexSnapshots'
import { DexieStore } from './DexieStore'
import { QuireDatabase } from './QuireDatabase'

async function world() {
  const indexedDB = new IDBFactory()
  const open = () => new QuireDatabase('quire-test', { indexedDB, IDBKeyRange })
  const db = open()
  const store = new DexieStore(db)
  const collection = await store.collections.createCollection(newCollection())
  const addDocument = async (words: string[]) => {
    const document = newDocument(collection.id, { status: 'completed' })
    await store.documents.createDocument(document)
    const chunks = words.map((word, i) => newChunk(document, i, { text: `A passage about ${word}` }))
    await store.chunks.replaceChunks(document.id, chunks)
    return { document, chunks }
  }
  return { db, store, open, addDocument, snapshots: new DexieIndexSnapshots(db) }
}

// Keyword search: no query vector, so the stored vectors are never read.
const hits = async (index: ManagedIndex, query: string) =>
  (
    await index.search({
      query,
      limit: 10,
      mode: 'bm25',
      similarityThreshold: 0,
      exactVectors: async () => [],
    })
  ).results.map((result) => result.id)

describe('DexieIndexSnapshots', () => {
  it('gives each document a version that changes with its chunks, and its chunks in order with it', async () => {
    const { store, snapshots, addDocument } = await world()
    const { document, chunks } = await addDocument(['otters', 'beavers', 'herons'])
    const first = (await snapshots.documentVersions()).get(document.id)
    expect(first).toBeDefined()
    const read = await snapshots.documentChunks(document.id)
    expect(read?.version).toBe(first)
    expect(read?.chunks.map((chunk) => chunk.id)).toEqual(chunks.map((chunk) => chunk.id))

    await store.chunks.replaceChunks(document.id, [newChunk(document, 0)])
    const second = (await snapshots.documentVersions()).get(document.id)
    expect(second).not.toBe(first)
    expect((await snapshots.documentChunks(document.id))?.chunks).toHaveLength(1)

    // Deleted and made again under the same id: another version.
    await store.documents.deleteDocument(document.id)
    expect((await snapshots.documentVersions()).has(document.id)).toBe(false)
    expect(await snapshots.documentChunks(document.id)).toBeUndefined()
    expect(await snapshots.documentChunkIds(document.id)).toBeUndefined()
    await store.documents.createDocument({ ...document })
    await store.chunks.replaceChunks(document.id, [newChunk(document, 0)])
    expect([first, second]).not.toContain((await snapshots.documentVersions()).get(document.id))
  })

  it("gives a document's chunk ids, in order, with the version its chunks are", async () => {
    const { store, snapshots, addDocument } = await world()
    const { document, chunks } = await addDocument(['otters', 'beavers', 'herons'])
    await addDocument(['kingfishers'])
    const read = await snapshots.documentChunks(document.id)
    expect(await snapshots.documentChunkIds(document.id)).toEqual({
      version: read?.version,
      ids: chunks.map((chunk) => chunk.id),
    })
    const replacement = newChunk(document, 0)
    await store.chunks.replaceChunks(document.id, [replacement])
    const ids = await snapshots.documentChunkIds(document.id)
    expect(ids?.ids).toEqual([replacement.id])
    expect(ids?.version).toBe((await snapshots.documentVersions()).get(document.id))
    expect(ids?.version).not.toBe(read?.version)
  })

  it('keeps the last snapshot written', async () => {
    const { snapshots } = await world()
    expect(await snapshots.readSnapshot()).toBeUndefined()
    expect(await snapshots.readSnapshotBytes()).toBeUndefined()
    await snapshots.writeSnapshot(Uint8Array.of(1, 2, 3))
    await snapshots.writeSnapshot(Uint8Array.of(4, 5))
    expect(await snapshots.readSnapshotBytes()).toEqual(Uint8Array.of(4, 5))
    await expect(snapshots.readSnapshot()).rejects.toThrow(RangeError)
  })

  it("stores the snapshot as a Blob and reads its head and BM25 only, each embedder's rows when asked", async () => {
    const { db, snapshots } = await world()
    const bytes = snapshotBytes(['otters', 'herons', 'beavers'])
    await snapshots.writeSnapshot(bytes)
    expect((await db.indexSnapshot.get('index'))?.bytes).toBeInstanceOf(Blob)
    const read = (await snapshots.readSnapshot())!
    const whole = decodeIndexSnapshot(bytes)
    expect(read.covered).toEqual(whole.covered)
    expect(read.index.bm25).toEqual(whole.index.bm25)
    const [rows] = read.index.vectors
    expect(rows?.rows).not.toBeInstanceOf(Uint8Array)
    expect(rows?.rows).toMatchObject({ count: 3, dimensions: 3, collections: ['c1'] })
    expect(await (rows!.rows as UnreadVectorRows).read()).toEqual(whole.index.vectors[0]!.rows)
    // Another write meanwhile: the Blob read before still reads as it was.
    await snapshots.writeSnapshot(snapshotBytes(['salmon']))
    expect(await (rows!.rows as UnreadVectorRows).read()).toEqual(whole.index.vectors[0]!.rows)
  })

  it('keeps how many bytes a cold start reads first with the snapshot; one kept without (an earlier version) is written again', async () => {
    const { db, addDocument } = await world()
    const bytes = snapshotBytes(['otters', 'herons'])
    const whole = decodeIndexSnapshot(bytes)
    const snapshots = new DexieIndexSnapshots(db)
    await snapshots.writeSnapshot(bytes)
    const rowsLength = (whole.index.vectors[0]!.rows as Uint8Array).length
    expect((await db.indexSnapshot.get('index'))?.firstRead).toBe(bytes.length - rowsLength)
    const read = (await snapshots.readSnapshot())!
    expect(read.outdated).toBeUndefined()
    expect(read.index.bm25).toEqual(whole.index.bm25)
    // A Blob alone, as versions before `firstRead` wrote it: the same index, to be written again.
    await db.indexSnapshot.put({ key: 'index', bytes: new Blob([bytes.slice()]) })
    const earlier = (await snapshots.readSnapshot())!
    expect(earlier).toMatchObject({ covered: whole.covered, outdated: true })
    expect(earlier.index.bm25).toEqual(whole.index.bm25)
    // Bytes that are no snapshot keep none (and are refused when read, as before).
    await snapshots.writeSnapshot(Uint8Array.of(1, 2, 3))
    expect(await db.indexSnapshot.get('index')).not.toHaveProperty('firstRead')

    // A load of a snapshot kept without it writes it again with it, and nothing else changes.
    const otters = await addDocument(['otters'])
    const logged: unknown[] = []
    // It finds the bytes above unreadable, says so and rebuilds from the chunks.
    const first = new ManagedIndex({ store: snapshots, logError: (e) => logged.push(e) })
    expect(await hits(first, 'otters')).toEqual([otters.chunks[0]!.id])
    await first.close()
    expect(logged).toHaveLength(1)
    const saved = (await snapshots.readSnapshotBytes())!
    await db.indexSnapshot.put({ key: 'index', bytes: new Blob([saved.slice()]) })
    const second = new ManagedIndex({ store: snapshots, logError: (e) => logged.push(e) })
    expect(await hits(second, 'otters')).toEqual([otters.chunks[0]!.id])
    await second.close()
    const again = await db.indexSnapshot.get('index')
    expect(again?.firstRead).toBe(snapshotFirstRead(saved))
    expect(await snapshots.readSnapshotBytes()).toEqual(saved)
    expect(logged).toHaveLength(1)
  })

  it('reads a snapshot stored as bytes by an earlier version, and one of format version 1', async () => {
    const { db, snapshots } = await world()
    const bytes = snapshotBytes(['otters', 'herons'])
    const whole = decodeIndexSnapshot(bytes)
    await db.indexSnapshot.put({ key: 'index', bytes })
    expect(await snapshots.readSnapshot()).toEqual(whole)
    // Written back as a Blob by that read.
    expect((await db.indexSnapshot.get('index'))?.bytes).toBeInstanceOf(Blob)
    expect(await snapshots.readSnapshot()).toMatchObject({ covered: whole.covered })

    await snapshots.writeSnapshot(encodeVersion1Snapshot(whole))
    const older = (await snapshots.readSnapshot())!
    expect(older).toMatchObject({ covered: whole.covered, outdated: true })
    expect(older.index.vectors).toEqual(whole.index.vectors)
  })

  it('lets a reopened app load its index from the snapshot, reading only the documents changed since', async () => {
    const { db, store, open, addDocument } = await world()
    const otters = await addDocument(['otters', 'rivers'])
    const beavers = await addDocument(['beavers', 'dams'])
    const kingfishers = await addDocument(['kingfishers'])
    const logged: unknown[] = []
    const first = new ManagedIndex({ store: new DexieIndexSnapshots(db), logError: (e) => logged.push(e) })
    expect(await hits(first, 'otters')).toEqual([otters.chunks[0]!.id])
    await first.close()

    // While the app was closed: one document replaced, one deleted, one added.
    await store.chunks.replaceChunks(otters.document.id, [
      newChunk(otters.document, 0, { text: 'Now only about herons' }),
    ])
    await store.documents.deleteDocument(beavers.document.id)
    const salmon = await addDocument(['salmon'])

    const reopened = open()
    const snapshots = new DexieIndexSnapshots(reopened)
    const read: string[] = []
    const spied: IndexSnapshotStore = {
      documentVersions: () => snapshots.documentVersions(),
      documentChunks: (id) => {
        read.push(id)
        return snapshots.documentChunks(id)
      },
      documentChunkIds: (id) => snapshots.documentChunkIds(id),
      readSnapshot: () => snapshots.readSnapshot(),
      writeSnapshot: (bytes) => snapshots.writeSnapshot(bytes),
    }
    const second = new ManagedIndex({ store: spied, logError: (e) => logged.push(e) })
    expect(await hits(second, 'otters')).toEqual([])
    expect(await hits(second, 'herons')).toHaveLength(1)
    expect(await hits(second, 'beavers')).toEqual([])
    expect(await hits(second, 'salmon')).toEqual([salmon.chunks[0]!.id])
    expect(await hits(second, 'kingfishers')).toEqual([kingfishers.chunks[0]!.id])
    // The unchanged document came from the snapshot; the deleted one was dropped without a read.
    expect(new Set(read)).toEqual(new Set([otters.document.id, salmon.document.id]))
    expect(logged).toEqual([])
    await second.close()
  })
})

import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { decodeIndexSnapshot } from '../../core/retrieve/snapshot/decodeIndexSnapshot'
import { newChunk, newCollection, newDocument } from '../../core/testing/conformance/store/fixtures'
import { snapshotBytes } from '../../core/testing/indexSnapshotBytes'
import { DexieIndexSnapshots } from './DexieIndexSnapshots'
import { DexieStore } from './DexieStore'
import { QuireDatabase } from './QuireDatabase'
import { blobSnapshotFile } from './blobSnapshotFile'
import { readStoredIndex, readStoredIndexRecords, storedIndexRead } from './readStoredIndex'
import { firstReadEnd } from '../../core/retrieve/snapshot/readIndexSnapshot'

describe('readStoredIndex (the API worker starting its index reads early)', () => {
  it('creates no database where there is none yet, and Dexie then makes it as ever', async () => {
    const indexedDB = new IDBFactory()
    expect(await readStoredIndex('quire-test', indexedDB)).toBeUndefined()
    expect(await indexedDB.databases()).toEqual([])
    const db = new QuireDatabase('quire-test', { indexedDB, IDBKeyRange })
    await new DexieIndexSnapshots(db).writeSnapshot(Uint8Array.of(1, 2, 3))
    db.close()
  })

  it('reads a snapshot stored as a Blob, and leaves one stored as bytes, or unreadable, to the ordinary read', async () => {
    const indexedDB = new IDBFactory()
    const db = new QuireDatabase('quire-test', { indexedDB, IDBKeyRange })
    await db.open()
    const snapshotOf = async () => (await readStoredIndex('quire-test', indexedDB))!.snapshot
    expect(await snapshotOf()).toBeUndefined() // no snapshot yet
    const bytes = snapshotBytes(['otters', 'herons'])
    await new DexieIndexSnapshots(db).writeSnapshot(bytes)
    const early = (await snapshotOf())!
    expect(early.index.bm25).toEqual(decodeIndexSnapshot(bytes).index.bm25)
    expect(early.index.vectors[0]?.rows).not.toBeInstanceOf(Uint8Array) // read when asked
    expect(early.outdated).toBeUndefined()
    // A Blob kept without the length to read first (as earlier versions wrote it): read, to be written again.
    await db.indexSnapshot.put({ key: 'index', bytes: new Blob([bytes.slice()]) })
    const earlier = (await snapshotOf())!
    expect(earlier).toMatchObject({ covered: early.covered, outdated: true })
    expect(earlier.index.bm25).toEqual(early.index.bm25)
    await db.indexSnapshot.put({ key: 'index', bytes })
    expect(await snapshotOf()).toBeUndefined()
    await new DexieIndexSnapshots(db).writeSnapshot(Uint8Array.of(1, 2, 3))
    expect(await snapshotOf()).toBeUndefined()
    db.close()
  })

  it("reads every document's version as Dexie reads it, in the snapshot's transaction", async () => {
    const indexedDB = new IDBFactory()
    const db = new QuireDatabase('quire-test', { indexedDB, IDBKeyRange })
    const store = new DexieStore(db)
    const snapshots = new DexieIndexSnapshots(db)
    await db.open()
    expect((await readStoredIndex('quire-test', indexedDB))?.versions).toEqual(new Map())
    const collection = await store.collections.createCollection(newCollection())
    const documents = [newDocument(collection.id), newDocument(collection.id), newDocument(collection.id)]
    for (const document of documents) await store.documents.createDocument(document)
    // Chunks replaced twice, once, and never (a document still waiting): three kinds of version.
    await store.chunks.replaceChunks(documents[0]!.id, [newChunk(documents[0]!, 0)])
    await store.chunks.replaceChunks(documents[0]!.id, [
      newChunk(documents[0]!, 0),
      newChunk(documents[0]!, 1),
    ])
    await store.chunks.replaceChunks(documents[1]!.id, [newChunk(documents[1]!, 0)])
    await snapshots.writeSnapshot(snapshotBytes(['otters']))
    const early = (await readStoredIndex('quire-test', indexedDB))!
    const versions = await snapshots.documentVersions()
    expect(early.versions).toEqual(versions)
    expect(new Set(versions.values()).size).toBe(3)
    expect(await early.snapshot).toBeDefined()
    db.close()
  })

  it('is taken by the first read of each only; the next reads the tables, and an early read that found nothing changes nothing', async () => {
    const indexedDB = new IDBFactory()
    const db = new QuireDatabase('quire-test', { indexedDB, IDBKeyRange })
    const plain = new DexieIndexSnapshots(db)
    await plain.writeSnapshot(snapshotBytes(['otters']))
    const stored = { covered: new Map([['d1', '1:1']]) }
    const other = { covered: new Map([['d9', '9:9']]), index: { bm25: new Uint8Array(0), vectors: [] } }
    const versions = new Map([['d9', '9:9']])
    const early = new DexieIndexSnapshots(db, Promise.resolve({ versions, snapshot: Promise.resolve(other) }))
    expect(await early.documentVersions()).toBe(versions)
    expect(await early.readSnapshot()).toBe(other)
    expect(await early.readSnapshot()).toMatchObject(stored)
    expect(await early.documentVersions()).toEqual(new Map())
    const none = new DexieIndexSnapshots(db, Promise.resolve(undefined))
    expect(await none.readSnapshot()).toMatchObject(stored)
    expect(await none.documentVersions()).toEqual(new Map())
    const failed = new DexieIndexSnapshots(db, Promise.reject(new Error('read failed')))
    expect(await failed.documentVersions()).toEqual(new Map())
    expect(await failed.readSnapshot()).toMatchObject(stored)
    db.close()
  })

  it('does not hold up an upgrade of the database', async () => {
    const indexedDB = new IDBFactory()
    // A database of an earlier version, which the app's Dexie will upgrade.
    const older = new Dexie('quire-test', { indexedDB, IDBKeyRange })
    older.version(1).stores({ collections: '++seq, &id, [created_at+seq]' })
    await older.open()
    older.close()
    const reading = readStoredIndex('quire-test', indexedDB)
    const db = new QuireDatabase('quire-test', { indexedDB, IDBKeyRange })
    await db.open()
    expect(await reading).toBeUndefined()
    expect(db.verno).toBeGreaterThan(1)
    db.close()
  })

  it("gives the records another thread can read: the snapshot's Blob, the length read first, the versions", async () => {
    const indexedDB = new IDBFactory()
    const db = new QuireDatabase('quire-test', { indexedDB, IDBKeyRange })
    const bytes = snapshotBytes(['otters', 'herons'])
    await new DexieIndexSnapshots(db).writeSnapshot(bytes)
    const records = (await readStoredIndexRecords('quire-test', indexedDB))!
    expect(records.versions).toEqual(new Map())
    expect(records.snapshot!.blob.size).toBe(bytes.length)
    const end = firstReadEnd(records.snapshot!.blob.size, records.snapshot!.firstRead as number)
    expect(end).toBeGreaterThan(0)
    // Its first bytes read elsewhere: the read here takes them and asks the Blob for nothing more.
    const start = new Uint8Array(await records.snapshot!.blob.slice(0, end).arrayBuffer())
    const unread = { ...records.snapshot!, blob: readAfter(records.snapshot!.blob, end) }
    const early = await storedIndexRead({ ...records, snapshot: unread }, start).snapshot
    const plain = await storedIndexRead(records).snapshot
    expect(early!.covered).toEqual(plain!.covered)
    expect(early!.index.bm25).toEqual(plain!.index.bm25)
    expect(early!.index.bm25).toEqual(decodeIndexSnapshot(bytes).index.bm25)
    db.close()
  })
})

describe('blobSnapshotFile', () => {
  it('answers a read within the bytes read already from them, the same buffer for all of them, and any other from the Blob', async () => {
    const bytes = Uint8Array.from({ length: 100 }, (_, i) => i)
    const start = bytes.slice(0, 40)
    const file = blobSnapshotFile(readAfter(new Blob([bytes]), 40), start)
    expect(await file.read(0, 40)).toBe(start)
    expect(await file.read(10, 20)).toEqual(bytes.slice(10, 20))
    expect(await file.read(30, 60)).toEqual(bytes.slice(30, 60))
    expect(await file.read(60, 100)).toEqual(bytes.slice(60, 100))
    const plain = blobSnapshotFile(new Blob([bytes]))
    expect(await plain.read(0, 40)).toEqual(start)
  })
})

/** The Blob, refusing a read wholly within its first `read` bytes (those were read already). */
function readAfter(blob: Blob, read: number): Blob {
  return new Proxy(blob, {
    get(target, key) {
      if (key === 'slice')
        return (start = 0, end = target.size) => {
          if (end <= read) throw new Error(`read again: ${start}-${end}`)
          return target.slice(start, end)
        }
      const value = Reflect.get(target, key) as unknown
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}

import Dexie from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { documentProfile } from '../../core/retrieve/documentEvidence'
import { documentProfiles } from '../../core/retrieve/documentProfiles'
import { countTerms, openingTerms } from '../../core/retrieve/openingTerms'
import { newChunk, newCollection, newDocument } from '../../core/testing/conformance/store/fixtures'
import { openingText } from '../../core/store/DocumentOpening'
import type { DocumentRecord } from '../../core/store/DocumentRecord'
import { countedListings } from '../../core/testing/conformance/store/countedListings'
import type { Store } from '../../core/store/Store'
import { DexieStore } from './DexieStore'
import { QuireDatabase } from './QuireDatabase'

/** The store as a start's first search sees it: nothing in memory, its chunk listings counted. */
function started(store: Store) {
  const { chunks, listed } = countedListings(store.chunks)
  return { store: { chunks }, listed }
}

describe('DexieChunks: documents’ openings', () => {
  it('profiles documents of a version 8 database from their chunks once, then with no chunk read', async () => {
    const indexedDB = new IDBFactory()
    // What the app of version 8 stored: documents, chunks and chunk sets, no openings.
    const old = new Dexie('quire-test', { indexedDB, IDBKeyRange })
    old.version(8).stores({
      collections: '++seq, &id, [created_at+seq]',
      documents: '++seq, &id, collection_id, [collection_id+status], status, [created_at+seq]',
      chunks: 'id, document_id, collection_id, [document_id+index]',
      chunkSets: 'document_id',
      indexSnapshot: 'key',
    })
    const collectionId = newCollection().id
    const documents: DocumentRecord[] = []
    const texts = ['Harbour tides', 'Lighthouse keeping']
    for (const text of texts) {
      const document = { ...newDocument(collectionId), status: 'completed' as const, chunk_count: 12 }
      documents.push(document)
      await old.table('documents').add(document)
      const chunks = Array.from({ length: 12 }, (_, i) =>
        newChunk(document, i, { page: null, text: `${text} ${i}` }),
      )
      await old.table('chunks').bulkAdd(chunks)
      await old.table('chunkSets').put({ document_id: document.id, set: 1 })
    }
    old.close()

    const open = () => new DexieStore(new QuireDatabase('quire-test', { indexedDB, IDBKeyRange }))
    const store = open()
    const allChunks = await store.chunks.listChunks()
    const expected = documents.map((document) =>
      documentProfile({
        documentId: document.id,
        filename: document.original_filename,
        title: null,
        opening: openingText(allChunks.filter((chunk) => chunk.document_id === document.id)),
      }),
    )
    const first = started(store)
    expect(await documentProfiles(first.store, documents)).toEqual(expected)
    // The first 8 of each, then up to 64: all 12 (the opening had not ended).
    expect(first.listed).toEqual([8, 8, 12, 12])
    await store.close()

    const reopened = open()
    const again = started(reopened)
    expect(await documentProfiles(again.store, documents)).toEqual(expected)
    expect(again.listed).toEqual([])
    await reopened.close()
  })

  it('keeps each opening’s terms counted, and counts those of a version 9 database once as it upgrades', async () => {
    const indexedDB = new IDBFactory()
    const old = new Dexie('quire-test', { indexedDB, IDBKeyRange })
    old.version(9).stores({
      collections: '++seq, &id, [created_at+seq]',
      documents: '++seq, &id, collection_id, [collection_id+status], status, [created_at+seq]',
      chunks: 'id, document_id, collection_id, [document_id+index]',
      chunkSets: 'document_id',
      indexSnapshot: 'key',
      documentOpenings: 'document_id',
    })
    const collectionId = newCollection().id
    const before = { ...newDocument(collectionId), status: 'completed' as const }
    const kept = { ...newDocument(collectionId), status: 'completed' as const }
    const opening = 'Annual Report 2023 — Ørsted A/S, offshore wind farms; 東京都 office'
    await old.table('documents').bulkAdd([before, kept])
    await old.table('documentOpenings').put({ document_id: before.id, text: opening, paged: true })
    old.close()

    const store = new DexieStore(new QuireDatabase('quire-test', { indexedDB, IDBKeyRange }))
    const upgraded = await store.chunks.documentOpenings([before.id])
    expect(upgraded.get(before.id)).toEqual({ text: opening, paged: true, terms: openingTerms(opening) })
    expect(upgraded.get(before.id)!.terms!.words.split(' ')).toEqual([...countTerms(opening).terms.keys()])

    await store.chunks.keepOpenings(new Map([[kept.id, { text: 'Kept from chunks', paged: false }]]))
    const processed = { ...newDocument(collectionId), status: 'completed' as const }
    await store.documents.createDocument(processed)
    await store.chunks.replaceChunks(processed.id, [
      newChunk(processed, 0, { page: null, text: 'Processed lately: terms, terms' }),
    ])
    const read = await store.chunks.documentOpenings([kept.id, processed.id])
    expect(read.get(kept.id)!.terms).toEqual(openingTerms('Kept from chunks'))
    expect(read.get(processed.id)!.terms).toEqual(openingTerms('Processed lately: terms, terms'))
    // A profile made from the kept terms is the one the text makes.
    const [profile] = await documentProfiles(store, [processed])
    expect(profile).toEqual(
      documentProfile({
        documentId: processed.id,
        filename: processed.original_filename,
        opening: 'Processed lately: terms, terms',
      }),
    )
    await store.close()
  })
})

describe('DexieChunks: a few documents’ chunks kept whole', () => {
  /** Two handles on one IndexedDB, as a tab's and a worker's (or two tabs') databases are. */
  async function twoStores(documentCount: number) {
    const indexedDB = new IDBFactory()
    const name = `chunks-${crypto.randomUUID()}`
    const here = new DexieStore(new QuireDatabase(name, { indexedDB, IDBKeyRange }))
    const elsewhere = new DexieStore(new QuireDatabase(name, { indexedDB, IDBKeyRange }))
    const collection = await here.collections.createCollection(newCollection())
    const documents: DocumentRecord[] = []
    for (let d = 0; d < documentCount; d++) {
      const document = await here.documents.createDocument(
        newDocument(collection.id, { status: 'completed' }),
      )
      // Stored out of order: a document's chunks come back by their index.
      await here.chunks.replaceChunks(
        document.id,
        [2, 0, 1].map((i) => newChunk(document, i)),
      )
      documents.push(document)
    }
    return { here, elsewhere, documents }
  }
  const indexes = (chunks: { index: number }[]) => chunks.map((chunk) => chunk.index)

  it('hands out the same rows again, in order, until the table is written, here or elsewhere', async () => {
    const { here, elsewhere, documents } = await twoStores(2)
    const [first, second] = documents as [DocumentRecord, DocumentRecord]
    const read = await here.chunks.listChunks({ documentId: first.id })
    expect(indexes(read)).toEqual([0, 1, 2])
    const again = await here.chunks.listChunks({ documentId: first.id })
    expect(again).not.toBe(read)
    again.forEach((chunk, i) => expect(chunk).toBe(read[i]))
    expect(Object.isFrozen(read[0])).toBe(true)
    // A caller's own array: sorting or cutting it changes nothing kept.
    again.reverse().pop()
    expect(indexes(await here.chunks.listChunks({ documentId: first.id }))).toEqual([0, 1, 2])

    // Another handle (another tab, sync in the worker) replaces the other document's chunks: nothing kept
    // is trusted after, and the new chunks are read.
    await elsewhere.chunks.replaceChunks(second.id, [newChunk(second, 0, { text: 'Written elsewhere' })])
    const afterWrite = await here.chunks.listChunks({ documentId: first.id })
    expect(afterWrite[0]).not.toBe(read[0])
    expect(afterWrite).toEqual(read)
    expect((await here.chunks.listChunks({ documentId: second.id })).map((c) => c.text)).toEqual([
      'Written elsewhere',
    ])
    // A document deleted with its chunks is read as having none.
    await elsewhere.documents.deleteDocument(first.id)
    expect(await here.chunks.listChunks({ documentId: first.id })).toEqual([])
    await here.close()
    await elsewhere.close()
  })

  it('keeps the last four documents read, the least recently read let go first', async () => {
    const { here, elsewhere, documents } = await twoStores(5)
    const firstRead = new Map<string, unknown>()
    for (const document of documents)
      firstRead.set(document.id, (await here.chunks.listChunks({ documentId: document.id }))[0])
    const keptStill = async (document: DocumentRecord) =>
      (await here.chunks.listChunks({ documentId: document.id }))[0] === firstRead.get(document.id)
    // The fifth read let the first go; the other four are kept (each read again is the most recent).
    expect(await keptStill(documents[1]!)).toBe(true)
    expect(await keptStill(documents[0]!)).toBe(false)
    // Reading the first again let the least recent of the rest go: the third (the second was just read).
    expect(await keptStill(documents[2]!)).toBe(false)
    expect(await keptStill(documents[4]!)).toBe(true)
    await here.close()
    await elsewhere.close()
  })
})

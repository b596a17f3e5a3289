import Dexie from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { documentProfile } from '../../core/retrieve/documentEvidence'
import { documentProfiles } from '../../core/retrieve/documentProfiles'
import { newChunk, newCollection, newDocument } from '../../core/store/conformance/fixtures'
import { openingText } from '../../core/store/DocumentOpening'
import type { DocumentRecord } from '../../core/store/DocumentRecord'
import { countedListings } from '../../core/store/conformance/countedListings'
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
})

import { openingTerms } from '../../../retrieve/openingTerms'
import { checkEqual } from '../../check'
import type { HostCase } from '../../HostCase'
import { documentOpening, type DocumentOpening } from '../../../store/DocumentOpening'
import type { Store } from '../../../store/Store'
import { newChunk, newCollection, newDocument } from './fixtures'
import type { StoreConformanceContext } from './StoreConformanceContext'

/**
 * What every Store adapter must do with documents' openings (`DocumentOpening`): stored with the chunks
 * they are made of, read for many documents in one call, filled in for documents stored before
 * openings were, and never handed out with the document itself.
 */
export const openingConformance: HostCase<StoreConformanceContext>[] = [
  {
    name: 'stores a document’s opening with its chunks, replaced with them, and reads many at once',
    async run({ store, reopen }) {
      const collection = await store.collections.createCollection(newCollection())
      const paged = await store.documents.createDocument(newDocument(collection.id))
      const plain = await store.documents.createDocument(newDocument(collection.id))
      const bare = await store.documents.createDocument(newDocument(collection.id))
      const first = [newChunk(paged, 0), newChunk(paged, 1, { page: 2 })]
      await store.chunks.replaceChunks(paged.id, first)
      const plainChunks = [0, 1, 2].map((i) => newChunk(plain, i, { page: null, text: `plain words ${i}` }))
      // Handed over out of order: the opening is the first chunks by index all the same.
      await store.chunks.replaceChunks(plain.id, [plainChunks[2]!, plainChunks[0]!, plainChunks[1]!])
      checkEqual(
        await openingsOf(store, [paged.id, plain.id, bare.id, 'no-such-document']),
        new Map([
          [paged.id, documentOpening(first)],
          [plain.id, { text: 'plain words 0\nplain words 1\nplain words 2', paged: false }],
        ]),
        'openings of stored chunks; none for a document without chunks or unknown',
      )
      const again = [newChunk(paged, 0, { text: 'A new cover page', page: 1 })]
      await store.chunks.replaceChunks(paged.id, again)
      await store.chunks.replaceChunks(plain.id, [])
      const reopened = await reopen()
      checkEqual(
        await openingsOf(reopened, [paged.id, plain.id]),
        new Map([
          [paged.id, { text: 'A new cover page', paged: true }],
          [plain.id, { text: '', paged: false }],
        ]),
        'openings after a replacement, after reopen',
      )
      checkEqual(await openingsOf(reopened, []), new Map(), 'no documents asked')
    },
  },
  {
    name: 'keeps an opening given for a document that has none, and never replaces a stored one',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const old = await store.documents.createDocument(newDocument(collection.id))
      const fresh = await store.documents.createDocument(newDocument(collection.id))
      await store.chunks.replaceChunks(fresh.id, [newChunk(fresh, 0, { text: 'fresh cover' })])
      const stored = await openingsOf(store, [fresh.id])
      await store.chunks.keepOpenings(
        new Map([
          [old.id, { text: 'read from old chunks', paged: true }],
          [fresh.id, { text: 'an older reading', paged: false }],
          ['no-such-document', { text: 'nobody', paged: false }],
        ]),
      )
      checkEqual(
        await openingsOf(store, [old.id, fresh.id, 'no-such-document']),
        new Map([
          [old.id, { text: 'read from old chunks', paged: true }],
          [fresh.id, stored.get(fresh.id)!],
        ]),
        'kept where none was stored; the stored one stays',
      )
      await store.chunks.keepOpenings(new Map())
      await store.chunks.replaceChunks(old.id, [newChunk(old, 0, { text: 'processed again', page: null })])
      checkEqual(
        (await openingsOf(store, [old.id])).get(old.id),
        { text: 'processed again', paged: false },
        'a replacement replaces a kept opening',
      )
    },
  },
  {
    name: 'hands out no opening with the document, and drops it with the document or collection',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const other = await store.collections.createCollection(newCollection())
      const document = await store.documents.createDocument(
        newDocument(collection.id, { status: 'completed' }),
      )
      const gone = await store.documents.createDocument(newDocument(collection.id))
      const elsewhere = await store.documents.createDocument(newDocument(other.id))
      await store.chunks.replaceChunks(document.id, [newChunk(document, 0)])
      await store.chunks.replaceChunks(gone.id, [newChunk(gone, 0)])
      await store.chunks.replaceChunks(elsewhere.id, [newChunk(elsewhere, 0)])
      await store.chunks.keepOpenings(new Map([[document.id, { text: 'ignored', paged: false }]]))
      checkEqual(await store.documents.getDocument(document.id), document, 'the document as created')
      checkEqual(
        (await store.documents.listDocuments({ collectionId: collection.id })).find(
          ({ id }) => id === document.id,
        ),
        document,
        'the document as listed',
      )
      await store.documents.deleteDocument(gone.id)
      checkEqual([...(await openingsOf(store, [gone.id])).keys()], [], 'a deleted document')
      // Made again under the same id (a synced document deleted and restored): no opening until its chunks.
      await store.documents.createDocument(newDocument(collection.id, { id: gone.id }))
      checkEqual([...(await openingsOf(store, [gone.id])).keys()], [], 'made again, no chunks')
      await store.collections.deleteCollection(other.id)
      checkEqual(
        [...(await openingsOf(store, [elsewhere.id, document.id])).keys()],
        [document.id],
        'a deleted collection’s document',
      )
    },
  },
]

/**
 * The stored openings' text and pages. Terms a store keeps with them (`DocumentOpening.terms`) must be
 * the text's as `openingTerms` counts them, or a profile would differ from the one its text makes.
 */
async function openingsOf(store: Store, ids: readonly string[]): Promise<Map<string, DocumentOpening>> {
  const read = await store.chunks.documentOpenings(ids)
  return new Map(
    [...read].map(([id, { text, paged, terms }]) => {
      if (terms !== undefined)
        checkEqual(terms, openingTerms(text), `the terms kept with the opening "${text}"`)
      return [id, { text, paged }]
    }),
  )
}

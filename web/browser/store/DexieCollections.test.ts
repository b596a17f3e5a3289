import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { newCollection, newDocument } from '../../core/testing/conformance/store/fixtures'
import { DexieStore } from './DexieStore'
import { QuireDatabase } from './QuireDatabase'

/** Two stores on one IndexedDB, as two tabs' (or a tab's and a worker's) are. */
function twoStores() {
  const indexedDB = new IDBFactory()
  const name = `collections-${crypto.randomUUID()}`
  const here = new QuireDatabase(name, { indexedDB, IDBKeyRange })
  const elsewhere = new QuireDatabase(name, { indexedDB, IDBKeyRange })
  return { here, store: new DexieStore(here), other: new DexieStore(elsewhere) }
}

describe('DexieCollections: the rows and counts kept between reads', () => {
  it('sees collections and documents written through another handle', async () => {
    const { store, other } = twoStores()
    const first = await store.collections.createCollection(newCollection())
    expect(await store.collections.getCollection(first.id)).toMatchObject({ document_count: 0 })
    // Kept now; writes elsewhere commit, and the next reads must hold them.
    const second = await other.collections.createCollection(newCollection())
    expect((await store.collections.listCollections()).map(({ id }) => id)).toEqual([second.id, first.id])
    const document = await other.documents.createDocument(newDocument(first.id, { status: 'processing' }))
    expect(await store.collections.getCollection(first.id)).toMatchObject({
      document_count: 1,
      processed_count: 0,
    })
    await other.documents.updateDocument(document.id, { status: 'completed' })
    expect(await store.collections.getCollection(first.id)).toMatchObject({ processed_count: 1 })
    await other.collections.updateCollection(first.id, {
      name: 'Renamed',
      updated_at: new Date().toISOString(),
    })
    expect(await store.collections.getCollection(first.id)).toMatchObject({ name: 'Renamed' })
    await other.collections.deleteCollection(second.id)
    expect(await store.collections.getCollection(second.id)).toBeUndefined()
  })

  it('hands out copies that cannot change what the next read returns', async () => {
    const { store } = twoStores()
    const created = await store.collections.createCollection(newCollection({ name: 'Reports' }))
    const got = (await store.collections.getCollection(created.id))!
    got.name = 'changed'
    got.document_count = 7
    expect(await store.collections.getCollection(created.id)).toMatchObject({
      name: 'Reports',
      document_count: 0,
    })
  })

  it("inside a transaction, reads that transaction's own writes", async () => {
    const { here, store } = twoStores()
    const created = await store.collections.createCollection(newCollection({ name: 'Before' }))
    await store.collections.getCollection(created.id)
    let inside: string | undefined
    const rolledBack = await here
      .transaction('rw', here.collections, here.documents, async () => {
        await here.collections.where('id').equals(created.id).modify({ name: 'Inside' })
        await store.documents.createDocument(newDocument(created.id))
        const collection = await store.collections.getCollection(created.id)
        inside = `${collection?.name} ${collection?.document_count}`
        throw new Error('roll back')
      })
      .catch((error: unknown) => error)
    expect(rolledBack).toBeInstanceOf(Error)
    expect(inside).toBe('Inside 1')
    expect(await store.collections.getCollection(created.id)).toMatchObject({
      name: 'Before',
      document_count: 0,
    })
  })
})

import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { newDocument } from '../../core/testing/conformance/store/fixtures'
import { DexieDocuments } from './DexieDocuments'
import { QuireDatabase } from './QuireDatabase'

/** Two handles on one IndexedDB, as two tabs' (or a tab's and a worker's) databases are. */
function twoHandles() {
  const indexedDB = new IDBFactory()
  const name = `documents-${crypto.randomUUID()}`
  const here = new QuireDatabase(name, { indexedDB, IDBKeyRange })
  const elsewhere = new QuireDatabase(name, { indexedDB, IDBKeyRange })
  return { here, elsewhere, documents: new DexieDocuments(here), other: new DexieDocuments(elsewhere) }
}

const ids = (documents: { id: string }[]) => documents.map((document) => document.id)

describe('DexieDocuments: the rows kept between reads', () => {
  it('sees a document written through another handle on the same database', async () => {
    const { documents, other } = twoHandles()
    const first = await documents.createDocument(newDocument('c1', { status: 'completed' }))
    expect(ids(await documents.listDocuments())).toEqual([first.id])
    // Kept now; a write elsewhere commits, and the next list must hold it.
    const second = await other.createDocument(newDocument('c1', { status: 'completed' }))
    expect(ids(await documents.listDocuments())).toEqual([second.id, first.id])
    await other.updateDocument(first.id, { status: 'failed' })
    expect(ids(await documents.listDocuments({ statuses: ['completed'] }))).toEqual([second.id])
    await other.deleteDocument(second.id)
    expect(ids(await documents.listDocuments())).toEqual([first.id])
  })

  it('sees a write made straight to the table (a collection deleted, sync applying)', async () => {
    const { here, documents } = twoHandles()
    const kept = await documents.createDocument(newDocument('c1'))
    await documents.listDocuments()
    await here.documents.where('collection_id').equals('c1').delete()
    expect(await documents.listDocuments()).toEqual([])
    expect(await documents.getDocument(kept.id)).toBeUndefined()
  })

  it('hands out copies that cannot change what the next read returns', async () => {
    const { documents } = twoHandles()
    await documents.createDocument(newDocument('c1', { metadata: { title: 'Annual report' } }))
    const [listed] = await documents.listDocuments()
    listed!.status = 'failed'
    expect(() => {
      ;(listed!.metadata as Record<string, unknown>).title = 'changed'
    }).toThrow(TypeError)
    const [again] = await documents.listDocuments()
    expect(again!.status).toBe('processing')
    expect(again!.metadata).toEqual({ title: 'Annual report' })
  })

  it("inside a transaction, reads that transaction's own writes and keeps nothing of them", async () => {
    const { here, documents } = twoHandles()
    const first = await documents.createDocument(newDocument('c1'))
    await documents.listDocuments()
    const second = newDocument('c1')
    let inside: string[] = []
    const rolledBack = await here
      .transaction('rw', here.documents, async () => {
        await documents.createDocument(second)
        inside = ids(await documents.listDocuments())
        throw new Error('roll back')
      })
      .catch((error: unknown) => error)
    expect(rolledBack).toBeInstanceOf(Error)
    expect(inside).toEqual([second.id, first.id])
    expect(ids(await documents.listDocuments())).toEqual([first.id])
  })
})

import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { deleteUnusedFiles } from '../../core/documents/deleteUnusedFiles'
import { newCollection, newDocument } from '../../core/testing/conformance/store/fixtures'
import { DexieFileStore } from './DexieFileStore'
import { DexieStore } from './DexieStore'
import { QuireDatabase } from './QuireDatabase'

describe('deleteUnusedFiles', () => {
  it('deletes a file only once no document refers to it', async () => {
    const db = new QuireDatabase('unused-files-test', { indexedDB: new IDBFactory(), IDBKeyRange })
    const store = new DexieStore(db)
    const files = new DexieFileStore(db)
    const shared = await files.put(new TextEncoder().encode('same upload twice'))
    const single = await files.put(new TextEncoder().encode('uploaded once'))
    const collection = await store.collections.createCollection(newCollection())
    const first = await store.documents.createDocument(
      newDocument(collection.id, { file_path: `files/${shared}` }),
    )
    await store.documents.createDocument(newDocument(collection.id, { file_path: `files/${shared}` }))
    const third = await store.documents.createDocument(
      newDocument(collection.id, { file_path: `files/${single}` }),
    )

    await store.documents.deleteDocument(first.id)
    await store.documents.deleteDocument(third.id)
    await deleteUnusedFiles([shared, single, shared], store, files)
    expect(await files.get(shared)).toBeDefined()
    expect(await files.get(single)).toBeUndefined()
    await store.close()
  })
})

import { describe, expect, it } from 'vitest'
import { newCollection } from '../../core/testing/conformance/store/fixtures'
import { MemoryFolder } from '../../core/testing/MemoryFolder'
import { followFolder } from '../../core/folders/followFolder'
import { scanFolder } from '../../core/folders/scanFolder'
import type { DocumentRecord } from '../../core/store/DocumentRecord'
import { startDexieRuntime } from './startDexieRuntime'

// Two devices follow the same folder (each its own binding: a folder is a place on one device) in the
// same synced collection. Sync merges records by kind and id, so what matters is that both make the
// same document for the same file, and that a device which already received the other's document
// through sync follows it instead of adding its own.

let dbCount = 0
async function device(collection: ReturnType<typeof newCollection>) {
  const { store, runtime } = await startDexieRuntime(`folder-devices-${++dbCount}`)
  await store.collections.createCollection(collection)
  await followFolder(runtime.ports, collection.id, 'Notes')
  const scan = async (folder: MemoryFolder) => {
    const result = await scanFolder(collection.id, folder, runtime.ports)
    await runtime.documents.idle()
    return result
  }
  const documents = () => store.documents.listDocuments({ collectionId: collection.id })
  /** What sync's applier does with a document another device pushed: the same record, its file. */
  const receive = async (from: DocumentRecord, bytes: Uint8Array) => {
    await runtime.ports.files.put(bytes)
    const { id, collection_id, filename, original_filename, file_path, file_size, document_type } = from
    await store.documents.createDocument({
      id,
      collection_id,
      filename,
      original_filename,
      file_path,
      file_size,
      document_type,
      status: from.status,
      created_at: from.created_at,
    } as Parameters<typeof store.documents.createDocument>[0])
  }
  const receiveEdit = async (from: DocumentRecord, bytes: Uint8Array) => {
    await runtime.ports.files.put(bytes)
    await store.documents.updateDocument(from.id, { file_path: from.file_path, file_size: from.file_size })
  }
  return { scan, documents, receive, receiveEdit }
}

function notes(): MemoryFolder {
  return new MemoryFolder()
    .write('birds/heron.txt', 'The grey heron stands still in shallow water for hours.')
    .write('plants/moss.md', '# Moss\n\nMoss grows on the north side of stones in damp woods.')
    .write('moss-copy.md', '# Moss\n\nMoss grows on the north side of stones in damp woods.')
}

describe('two devices following the same folder', () => {
  it('make the same document for each file, so merging their records by id keeps one of each', async () => {
    const collection = newCollection()
    const laptop = await device(collection)
    const desktop = await device(collection)
    await laptop.scan(notes())
    await desktop.scan(notes())
    const ids = async (of: typeof laptop) =>
      (await of.documents()).map((d) => [d.original_filename, d.id]).sort()
    const laptopIds = await ids(laptop)
    // Two files with the same content in one folder make one document (issue 70): the first by path, on
    // both devices alike; the other is skipped as its duplicate.
    expect(laptopIds.map(([name]) => name)).toEqual(['heron.txt', 'moss-copy.md'])
    expect(await ids(desktop)).toEqual(laptopIds)
  })

  it('follow a document another device already made, and make no second one', async () => {
    const collection = newCollection()
    const laptop = await device(collection)
    const desktop = await device(collection)
    const folder = notes()
    await laptop.scan(folder)
    for (const document of await laptop.documents()) {
      const path = [...folder.files.keys()].find((p) => p.endsWith(document.original_filename))!
      await desktop.receive(document, folder.files.get(path)!.bytes)
    }
    expect(await desktop.scan(folder)).toMatchObject({ added: 0, adopted: 2, skipped: 1 })
    expect((await desktop.documents()).length).toBe(2)
    // Then the laptop edits a file and its new version arrives: the desktop's check sees the content it has.
    folder.write('birds/heron.txt', 'The grey heron now hunts frogs at dusk.')
    expect(await laptop.scan(folder)).toMatchObject({ updated: 1 })
    const edited = (await laptop.documents()).find((d) => d.original_filename === 'heron.txt')!
    await desktop.receiveEdit(edited, folder.files.get('birds/heron.txt')!.bytes)
    const before = (await desktop.documents()).find((d) => d.id === edited.id)!
    expect(await desktop.scan(folder)).toMatchObject({ updated: 1, added: 0 })
    const after = (await desktop.documents()).find((d) => d.id === edited.id)!
    // Not processed again: it already holds that content.
    expect(after.processed_at).toBe(before.processed_at)
    expect(after.processed_at).not.toBeNull()
    expect(after.file_path).toBe(edited.file_path)
    expect((await desktop.documents()).length).toBe(2)
  })

  it('a different collection gives the same file another document', async () => {
    const one = await device(newCollection())
    const two = await device(newCollection())
    await one.scan(notes())
    await two.scan(notes())
    const idsOne = new Set((await one.documents()).map((d) => d.id))
    for (const document of await two.documents()) expect(idsOne.has(document.id)).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { newCollection } from '../../core/testing/conformance/store/fixtures'
import { invokeRoute } from '../../core/api/invokeRoute'
import { routes } from '../../core/api/routes'
import { MemoryFolder } from '../../core/testing/MemoryFolder'
import { FolderMissingError } from '../../core/folders/FolderPort'
import { followFolder } from '../../core/folders/followFolder'
import { startDexieRuntime } from './startDexieRuntime'

// The folder facts scripts read (`GET /api/collections/{id}`, the documents list) on the browser's
// store (Dexie over fake-indexeddb), through the same route table the API worker runs.

const route = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)!

async function setUp() {
  const folder = new MemoryFolder()
    .write('notes/heron.txt', 'The grey heron stands still in shallow water for hours.')
    .write('moss.md', '# Moss\n\nMoss grows on the north side of stones in damp woods.')
    .write('broken.txt', new Uint8Array([0xff, 0xfe, 0x00, 0x00, 0xd8, 0x00, 0x00, 0xdc]))
    .write('archive.zip', 'PK not really')
  let unplugged = false
  const { store, runtime, ingest } = await startDexieRuntime('folder-facts', {
    ingestor: {
      ingest: (request) =>
        request.filename === 'broken.txt'
          ? Promise.reject(new Error('The file could not be read'))
          : ingest(request),
    },
    logError: () => {},
    folderHost: {
      roots: async () => [],
      open: () => Promise.reject(new Error('picked, not named')),
      reopen: () => ({
        list: () =>
          unplugged ? Promise.reject(new FolderMissingError('The folder was not found')) : folder.list(),
        read: (path) => folder.read(path),
      }),
    },
  })
  const collection = await store.collections.createCollection(newCollection())
  const plain = await store.collections.createCollection(newCollection())
  await followFolder(runtime.ports, collection.id, 'Field notes', { path: collection.id })
  const check = async () => {
    await runtime.checkFolder(collection.id)
    await runtime.documents.idle()
  }
  const get = (method: string, path: string, params: Record<string, string>, query = {}) =>
    invokeRoute(route(method, path), { params, query, body: undefined }, runtime.ports)
  return { collection, plain, check, get, unplug: () => (unplugged = true) }
}

describe('folder facts on the browser host', () => {
  it('the collection carries the folder, its files’ states and the skipped files; documents their file', async () => {
    const { collection, plain, check, get } = await setUp()
    await check()
    const read = await get('get', '/api/collections/:collection_id', { collection_id: collection.id })
    expect(read.status).toBe(200)
    const body = read.body as { folder: { files: { path: string; document_id: string }[] } }
    expect(body).toMatchObject({
      id: collection.id,
      folder: {
        folder: 'Field notes',
        state: 'ok',
        last_checked_at: expect.any(String),
        scanning: false,
        skipped: [{ path: 'archive.zip', reason: 'unsupported file type' }],
        files: [
          {
            path: 'broken.txt',
            state: 'failed',
            reason: 'Processing failed unexpectedly; try uploading the document again',
          },
          { path: 'moss.md', state: 'in_step' },
          { path: 'notes/heron.txt', state: 'in_step' },
        ],
      },
    })
    const plainRead = await get('get', '/api/collections/:collection_id', { collection_id: plain.id })
    expect(plainRead.status).toBe(200)
    expect(plainRead.body).not.toHaveProperty('folder')

    const listed = await get('get', '/api/documents/', {}, { collection_id: collection.id })
    const documents = listed.body as { id: string; folder_file: unknown }[]
    const heron = body.folder.files.find((f) => f.path === 'notes/heron.txt')!
    expect(documents.find((d) => d.id === heron.document_id)?.folder_file).toEqual({
      path: 'notes/heron.txt',
      state: 'in_step',
    })
    expect(documents.map((d) => d.folder_file).filter((f) => f === undefined)).toEqual([])
    const one = await get('get', '/api/documents/:document_id', { document_id: heron.document_id })
    expect(one.body).toMatchObject({ folder_file: { path: 'notes/heron.txt', state: 'in_step' } })
  })

  it('says the folder is missing and keeps every document while it is gone', async () => {
    const { collection, check, get, unplug } = await setUp()
    await check()
    unplug()
    await check()
    const read = await get('get', '/api/collections/:collection_id', { collection_id: collection.id })
    expect(read.body).toMatchObject({ document_count: 3, folder: { state: 'missing' } })
    const listed = await get('get', '/api/documents/', {}, { collection_id: collection.id })
    expect((listed.body as unknown[]).length).toBe(3)
  })
})

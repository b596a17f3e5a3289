import { describe, expect, it } from 'vitest'
import { newCollection } from '../../core/testing/conformance/store/fixtures'
import { MemoryFolder } from '../../core/testing/MemoryFolder'
import { followFolder } from '../../core/folders/followFolder'
import { scanFolder, type FolderScanPorts } from '../../core/folders/scanFolder'
import { followedFolderKind } from '../../core/folders/followedFolderKind'
import { folderFileKind } from '../../core/folders/folderFileKind'
import { startDexieRuntime } from './startDexieRuntime'

// The scanner of web/core/folders over the browser's Dexie store (fake-indexeddb), a folder in memory
// and the real text pipeline (markdown, text; the hash embedder).

let dbCount = 0
async function setUp() {
  const { store, runtime } = await startDexieRuntime(`folder-scan-${++dbCount}`)
  const collection = await store.collections.createCollection(newCollection())
  await followFolder(runtime.ports, collection.id, 'Notes')
  const folder = new MemoryFolder()
    .write('birds/oystercatcher.md', '# Oystercatcher\n\nThe oystercatcher nests on shingle beaches.')
    .write('birds/heron.txt', 'The grey heron stands still in shallow water for hours.')
    .write('plants/moss.md', '# Moss\n\nMoss grows on the north side of stones in damp woods.')
    .write('plants/fern.md', '# Fern\n\nFerns unroll their fronds in spring under beech trees.')
    .write('archive.zip', 'PK not really')
    .write('empty.txt', '')
  const ports = runtime.ports
  const scan = async (scanPorts: FolderScanPorts = ports) => {
    const result = await scanFolder(collection.id, folder, scanPorts)
    await runtime.documents.idle()
    return result
  }
  const documents = () => store.documents.listDocuments({ collectionId: collection.id })
  const byName = async (name: string) => (await documents()).find((d) => d.original_filename === name)
  /** The texts a search shows: what the index proposes, of what the store holds (as searchChunks reads them). */
  const visible = async (query: string) => {
    const found = await ports.index.search({
      query,
      exactVectors: (ids) => store.chunks.chunkVectors(ids),
      limit: 20,
      mode: 'bm25',
      similarityThreshold: 0,
    })
    const chunks = await store.chunks.getChunks(found.results.map((r) => r.id))
    return chunks.map((c) => c.text)
  }
  const followed = async () => (await followedFolderKind.find(ports, collection.id))!.data
  return { collection, folder, ports, scan, documents, byName, visible, followed }
}

describe('scanFolder', () => {
  it('adds the folder’s files, subfolders included, and lists the ones it skips with the reason', async () => {
    const { scan, documents, followed } = await setUp()
    const result = await scan()
    expect(result).toMatchObject({ added: 4, skipped: 2, removed: 0, missing: false })
    const names = (await documents()).map((d) => [d.original_filename, d.status]).sort()
    expect(names).toEqual([
      ['fern.md', 'completed'],
      ['heron.txt', 'completed'],
      ['moss.md', 'completed'],
      ['oystercatcher.md', 'completed'],
    ])
    const state = await followed()
    expect(state.state).toBe('ok')
    expect(state.last_checked_at).not.toBeNull()
    expect(state.skipped).toEqual([
      { path: 'archive.zip', reason: 'unsupported file type' },
      { path: 'empty.txt', reason: 'the file is empty' },
    ])
  })

  it('reads no file when nothing changed, and only the content of a file merely saved again', async () => {
    const { scan, folder } = await setUp()
    await scan()
    folder.reads = []
    expect(await scan()).toMatchObject({ added: 0, updated: 0, unchanged: 4 })
    expect(folder.reads).toEqual([])
    folder.touch('plants/moss.md')
    expect(await scan()).toMatchObject({ updated: 0, unchanged: 3 })
    expect(folder.reads).toEqual(['plants/moss.md'])
    folder.reads = []
    expect(await scan()).toMatchObject({ unchanged: 4 })
    expect(folder.reads).toEqual([])
  })

  it('gives an edited file its new text under the same id, switching at once: never both, never neither', async () => {
    const { scan, folder, byName, visible, ports } = await setUp()
    await scan()
    const before = (await byName('heron.txt'))!
    folder.write('birds/heron.txt', 'The grey heron now hunts frogs at dusk near the reeds.')
    const seen: string[][] = []
    const chunks = ports.store.chunks
    const replaceChunks = chunks.replaceChunks.bind(chunks)
    chunks.replaceChunks = async (id, records) => {
      seen.push(await visible('heron'))
      await replaceChunks(id, records)
      seen.push(await visible('heron'))
    }
    expect(await scan()).toMatchObject({ updated: 1, unchanged: 3 })
    expect(seen).toEqual([
      ['The grey heron stands still in shallow water for hours.'],
      ['The grey heron now hunts frogs at dusk near the reeds.'],
    ])
    const after = (await byName('heron.txt'))!
    expect(after.id).toBe(before.id)
    expect(after.status).toBe('completed')
    expect(after.file_path).not.toBe(before.file_path)
    expect(await visible('heron')).toEqual(['The grey heron now hunts frogs at dusk near the reeds.'])
    expect(await ports.files.get(before.file_path.slice('files/'.length))).toBeUndefined()
  })

  it('keeps a renamed or moved file’s document, deletes a removed one and adds a new one', async () => {
    const { scan, folder, byName, documents, visible } = await setUp()
    await scan()
    const moss = (await byName('moss.md'))!
    folder.rename('plants/moss.md', 'old/mosses.md')
    folder.files.delete('plants/fern.md')
    folder.write('birds/wren.md', '# Wren\n\nThe wren sings loudly from hedges.')
    expect(await scan()).toMatchObject({ renamed: 1, removed: 1, added: 1, updated: 0 })
    const renamed = (await byName('mosses.md'))!
    expect(renamed.id).toBe(moss.id)
    expect(renamed.file_path).toBe(moss.file_path)
    expect(await byName('fern.md')).toBeUndefined()
    expect(await visible('fronds')).toEqual([])
    expect((await byName('wren.md'))?.status).toBe('completed')
    expect((await documents()).length).toBe(4)
  })

  it('leaves everything as it was while the folder is missing, and says so', async () => {
    const { scan, folder, documents, followed } = await setUp()
    await scan()
    folder.missing = true
    expect(await scan()).toMatchObject({ missing: true, removed: 0 })
    expect((await documents()).length).toBe(4)
    expect((await followed()).state).toBe('missing')
    folder.missing = false
    expect(await scan()).toMatchObject({ missing: false, unchanged: 4 })
    expect((await followed()).state).toBe('ok')
  })

  it('reads a file that changes while it is read again at the next check', async () => {
    const { scan, folder, byName } = await setUp()
    folder.beforeRead = (path) => {
      if (path === 'birds/heron.txt') folder.write(path, 'The grey heron, half written')
    }
    expect(await scan()).toMatchObject({ added: 3, retry: 1 })
    expect(await byName('heron.txt')).toBeUndefined()
    folder.beforeRead = undefined
    expect(await scan()).toMatchObject({ added: 1 })
    expect((await byName('heron.txt'))?.status).toBe('completed')
  })

  it('skips an unreadable file with the reason and tries it again next time', async () => {
    const { scan, folder, byName, followed } = await setUp()
    folder.unreadable.add('plants/fern.md')
    expect(await scan()).toMatchObject({ added: 3 })
    expect((await followed()).skipped).toContainEqual({
      path: 'plants/fern.md',
      reason: 'could not be read; tried again next check',
    })
    folder.unreadable.clear()
    expect(await scan()).toMatchObject({ added: 1 })
    expect(await byName('fern.md')).toBeDefined()
  })

  it('finishes a check a restart cut short without adding anything twice', async () => {
    const { scan, ports, documents, collection } = await setUp()
    let puts = 0
    const failing: FolderScanPorts = {
      ...ports,
      files: {
        ...ports.files,
        put: async (bytes) => {
          if (++puts === 3) throw new Error('the tab was closed')
          return ports.files.put(bytes)
        },
      },
    }
    await expect(scan(failing)).rejects.toThrow('the tab was closed')
    expect((await documents()).length).toBe(2)
    expect((await folderFileKind.list(ports, collection.id)).length).toBe(3)
    expect(await scan()).toMatchObject({ added: 2, unchanged: 2 })
    const docs = await documents()
    expect(docs.length).toBe(4)
    expect(new Set(docs.map((d) => d.original_filename)).size).toBe(4)
  })
})

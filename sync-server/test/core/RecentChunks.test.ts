import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DiskFileStore } from '../../src/files/DiskFileStore'
import { openSqlStore } from '../../src/sql/openSqlStore'
import type { SqlStore } from '../../src/sql/SqlStore'
import { newChunk, newCollection, newDocument } from '../../../web/core/testing/conformance/store/fixtures'
import { chunkBlobKey } from '../../../web/core/sync/appData/chunkBlob'
import { RecentChunks } from '../../../web/core/sync/appData/RecentChunks'
import { SyncedStore } from '../../../web/core/sync/appData/SyncedStore'
import { CHUNKS_FIELD, SYNC_KIND } from '../../../web/core/sync/appData/syncKinds'

// Over the server's real SQLite store and disk file store.
describe('RecentChunks and the sync capture of a processed document', () => {
  const dirs: string[] = []
  const stores: SqlStore[] = []
  afterEach(async () => {
    vi.restoreAllMocks()
    for (const store of stores.splice(0)) await store.close()
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  async function setup() {
    const dir = mkdtempSync(join(tmpdir(), 'quire-recent-'))
    dirs.push(dir)
    const store = await openSqlStore(dir)
    stores.push(store)
    const collection = await store.collections.createCollection(newCollection())
    const document = await store.documents.createDocument(newDocument(collection.id))
    return { dir, store, document }
  }

  it('hands out the chunks once, while they are the stored ones', async () => {
    const { store, document } = await setup()
    const recent = new RecentChunks()
    const chunks = [newChunk(document, 0), newChunk(document, 1)]
    await store.chunks.replaceChunks(document.id, chunks)
    recent.remember(document.id, chunks)
    expect(await recent.take(document.id, store)).toBe(chunks)
    expect(await recent.take(document.id, store)).toBeUndefined()

    // Stored chunks changed by another writer (a synced version applied to the plain store).
    recent.remember(document.id, chunks)
    await store.chunks.replaceChunks(document.id, [newChunk(document, 0)])
    expect(await recent.take(document.id, store)).toBeUndefined()
  })

  it('keeps only the last few documents', async () => {
    const { store, document } = await setup()
    const recent = new RecentChunks()
    const chunks = [newChunk(document, 0)]
    await store.chunks.replaceChunks(document.id, chunks)
    recent.remember(document.id, chunks)
    for (let i = 0; i < 4; i++) recent.remember(`other-${i}`, [])
    expect(await recent.take(document.id, store)).toBeUndefined()
  })

  it('lets a completed document’s capture encode the chunks just stored instead of reading them back, to the same blob', async () => {
    const { dir, store, document } = await setup()
    const changes: Array<{ kind: string; fields: Record<string, unknown> }> = []
    const synced = new SyncedStore(
      store,
      {
        changes: async (made) => changes.push(...made),
        remove: async () => undefined,
      },
      new DiskFileStore(join(dir, 'files')),
    )
    const chunks = Array.from({ length: 30 }, (_, i) => newChunk(document, i))
    await synced.chunks.replaceChunks(document.id, chunks)
    const listChunks = vi.spyOn(store.chunks, 'listChunks')
    await synced.documents.updateDocument(document.id, { status: 'completed', chunk_count: 30 })
    expect(listChunks).not.toHaveBeenCalled()
    const captured = changes.find((change) => change.kind === SYNC_KIND.document)
    expect(captured?.fields[CHUNKS_FIELD]).toEqual([
      await chunkBlobKey(await store.chunks.listChunks({ documentId: document.id })),
    ])
  })
})

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testSqlDialects } from '../../test/postgres/testSqlDialects'
import { openIndexWorld, type IndexWorld } from '../../test/index/openIndexWorld'
import { SearchIndex } from '../../../web/core/retrieve/index/SearchIndex'
import { decodeIndexSnapshot } from '../../../web/core/retrieve/snapshot/decodeIndexSnapshot'
import { encodeIndexSnapshot } from '../../../web/core/retrieve/snapshot/encodeIndexSnapshot'
import { newChunk, newDocument } from '../../../web/core/testing/conformance/store/fixtures'
import { SqlIndexSnapshots } from './SqlIndexSnapshots'

const PART = 1000

for (const dialect of testSqlDialects())
  describe(`SqlIndexSnapshots on ${dialect.name}`, () => {
    let world: IndexWorld
    let snapshots: SqlIndexSnapshots
    beforeEach(async () => {
      world = await openIndexWorld(await dialect.fresh())
      snapshots = new SqlIndexSnapshots(world.driver, world.store, PART)
    })
    afterEach(() => world.close())

    const bytesOf = (length: number, seed: number) =>
      Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff)

    it('stores a snapshot in parts of a few MB and reads it back whole; a new one replaces it', async () => {
      const { driver } = world
      expect(await snapshots.readSnapshot()).toBeUndefined()
      expect(await snapshots.readSnapshotBytes()).toBeUndefined()
      const big = bytesOf(2 * PART + 1000, 1)
      await snapshots.writeSnapshot(big)
      expect(await snapshots.readSnapshotBytes()).toEqual(big)
      const parts = await driver.all<{ part: number; size: number }>(
        'SELECT part, length(bytes) AS size FROM index_snapshot_parts ORDER BY part',
      )
      expect(parts).toEqual([
        { part: 0, size: PART },
        { part: 1, size: PART },
        { part: 2, size: 1000 },
      ])
      const small = bytesOf(10, 2)
      await snapshots.writeSnapshot(small)
      expect(await snapshots.readSnapshotBytes()).toEqual(small)
      // The old generation's parts are gone.
      expect(await driver.all('SELECT generation, part FROM index_snapshot_parts')).toHaveLength(1)
    })

    it('ignores the parts of a write that never switched, and the next write clears them', async () => {
      const { driver } = world
      await snapshots.writeSnapshot(bytesOf(100, 3))
      // A stop in the middle of the next write: parts of generation 2 stored, header still on 1.
      await driver.run('INSERT INTO index_snapshot_parts (generation, part, bytes) VALUES (2, 0, ?)', [
        bytesOf(5, 9),
      ])
      expect(await snapshots.readSnapshotBytes()).toEqual(bytesOf(100, 3))
      await snapshots.writeSnapshot(bytesOf(50, 4))
      expect(await snapshots.readSnapshotBytes()).toEqual(bytesOf(50, 4))
      expect(await driver.all('SELECT part FROM index_snapshot_parts')).toHaveLength(1)
    })

    it('says a snapshot missing a part is unreadable, not a shorter snapshot', async () => {
      const { driver } = world
      await snapshots.writeSnapshot(bytesOf(PART + 10, 5))
      await driver.run('DELETE FROM index_snapshot_parts WHERE part = 1')
      await expect(snapshots.readSnapshotBytes()).rejects.toThrow(/of its/)
      await expect(snapshots.readSnapshot()).rejects.toThrow(/of its/)
    })

    it('reads a snapshot as an index snapshot, and refuses bytes that are none', async () => {
      const covered = new Map([['doc-1', '1:1']])
      const index = SearchIndex.fromChunks([
        {
          ...newChunk(newDocument('c1'), 0, { text: 'harbour tides' }),
          embedder: 'test-v1',
          vector: Float32Array.of(1, 0),
        },
      ])
      const bytes = encodeIndexSnapshot({ covered, index: index.toBytes() })
      await snapshots.writeSnapshot(bytes)
      expect(await snapshots.readSnapshot()).toEqual(decodeIndexSnapshot(bytes))
      await snapshots.writeSnapshot(bytesOf(50, 4))
      await expect(snapshots.readSnapshot()).rejects.toThrow(RangeError)
    })

    it('gives each document a version that changes with its chunks, and its chunks with the version they are', async () => {
      const { store } = world
      const document = await world.addDocument(3, 1)
      const first = (await snapshots.documentVersions()).get(document.id)
      expect(first).toBeDefined()
      const read = await snapshots.documentChunks(document.id)
      expect(read?.version).toBe(first)
      expect(read?.chunks.map((chunk) => chunk.id)).toEqual(
        (await store.chunks.listChunks({ documentId: document.id })).map((c) => c.id),
      )

      expect(await snapshots.documentChunkIds(document.id)).toEqual({
        version: first,
        ids: read?.chunks.map((chunk) => chunk.id),
      })

      await store.chunks.replaceChunks(document.id, await world.chunksFor(document, 2, 2))
      const second = (await snapshots.documentVersions()).get(document.id)
      expect(second).not.toBe(first)
      expect((await snapshots.documentChunks(document.id))?.chunks).toHaveLength(2)
      // Only the current set's ids, though the old set's rows may not all be deleted yet.
      expect(await snapshots.documentChunkIds(document.id)).toEqual({
        version: second,
        ids: (await snapshots.documentChunks(document.id))?.chunks.map((chunk) => chunk.id),
      })

      // Deleted and made again under the same id: another version, though its chunk set counts anew.
      await store.documents.deleteDocument(document.id)
      expect(await snapshots.documentChunks(document.id)).toBeUndefined()
      expect(await snapshots.documentChunkIds(document.id)).toBeUndefined()
      await store.documents.createDocument({ ...document })
      await store.chunks.replaceChunks(document.id, await world.chunksFor(document, 2, 3))
      const again = (await snapshots.documentVersions()).get(document.id)
      expect(again).toBeDefined()
      expect([first, second]).not.toContain(again)
    })
  })

import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChunkRecord } from '../../../web/core/store/ChunkRecord'
import { newChunk, newCollection, newDocument } from '../../../web/core/testing/conformance/store/fixtures'
import type { DocumentRecord } from '../../../web/core/store/DocumentRecord'
import { openingText } from '../../../web/core/store/DocumentOpening'
import { countedListings } from '../../../web/core/testing/conformance/store/countedListings'
import { documentProfile } from '../../../web/core/retrieve/documentEvidence'
import { documentProfiles } from '../../../web/core/retrieve/documentProfiles'
import { testSqlDialects, type TestSqlDatabase } from '../../test/postgres/testSqlDialects'
import { migrate, migrations } from './migrations'
import { openSqlStore } from './openSqlStore'
import type { SqlDriver } from './SqlDriver'
import { SqlStore } from './SqlStore'
import { insertLegacyRows } from '../../test/insertLegacyRows'

// Chunks are written and read in batches (SqlChunks): these check that nothing is lost, reordered or
// seen half-written, and what a stop in the middle leaves. Sizes cross the batch sizes (100 rows per
// write, 200 per read).
const dialects = testSqlDialects()

for (const dialect of dialects)
  describe(`SqlStore chunks in batches (${dialect.name})`, () => {
    afterEach(() => {
      vi.restoreAllMocks()
    })
    const chunksOf = (document: DocumentRecord, count: number) =>
      Array.from({ length: count }, (_, i) => newChunk(document, i))
    const ids = (chunks: readonly ChunkRecord[]) => chunks.map((chunk) => chunk.id)
    const rowsOf = (driver: SqlDriver, documentId: string) =>
      driver.get<{ n: number }>('SELECT COUNT(*) AS n FROM chunks WHERE document_id = ?', [documentId])

    async function storeWithDocuments(database?: TestSqlDatabase) {
      database ??= await dialect.fresh()
      const store = await openSqlStore(database.connect())
      const collection = await store.collections.createCollection(newCollection())
      const first = await store.documents.createDocument(newDocument(collection.id))
      const second = await store.documents.createDocument(newDocument(collection.id))
      return { store, collection, first, second }
    }

    it('stores every chunk, in order, with exact vectors, and lists them by document, collection and all', async () => {
      const { store, collection, first, second } = await storeWithDocuments()
      // Stored out of order: listing sorts by index.
      const many = chunksOf(first, 2_345)
      const few = chunksOf(second, 3)
      await store.chunks.replaceChunks(first.id, [...many].reverse())
      await store.chunks.replaceChunks(second.id, few)

      const listed = await store.chunks.listChunks({ documentId: first.id })
      expect(ids(listed)).toEqual(ids(many))
      expect(listed[1_234]).toEqual(many[1_234])
      expect(ids(await store.chunks.listChunks({ collectionId: collection.id }))).toEqual([
        ...ids(many),
        ...ids(few),
      ])
      expect(ids(await store.chunks.listChunks())).toEqual([...ids(many), ...ids(few)])
      const picked = [many[0]!, many[1_999]!, few[2]!]
      expect(await store.chunks.getChunks(ids(picked))).toEqual(expect.arrayContaining(picked))
      await store.close()
    })

    it('replaces in one step for readers: during a replacement they see all the old chunks, then all the new', async () => {
      const { store, first } = await storeWithDocuments()
      // The old set is small, so reads are quick next to the new set's 25 write transactions; a clock
      // that moves 1 ms a reading makes the replacement yield every ten or so (whatever the machine).
      const old = chunksOf(first, 300)
      const fresh = chunksOf(first, 2_500)
      await store.chunks.replaceChunks(first.id, old)
      let now = 0
      vi.spyOn(performance, 'now').mockImplementation(() => ++now)

      let done = false
      const replacing = store.chunks.replaceChunks(first.id, fresh).finally(() => (done = true))
      const seen: string[] = []
      // Reads interleave with the replacement's batches (each yields to the event loop).
      while (!done) {
        const listed = ids(await store.chunks.listChunks({ documentId: first.id }))
        const looked = await store.chunks.getChunks([old[299]!.id, fresh[2_499]!.id])
        seen.push(
          listed.length === old.length && listed.every((id, i) => id === old[i]!.id)
            ? 'old'
            : listed.length === fresh.length && listed.every((id, i) => id === fresh[i]!.id)
              ? 'new'
              : `mixed (${listed.length})`,
        )
        expect(looked).toHaveLength(1)
        await new Promise((resolve) => setImmediate(resolve))
      }
      await replacing
      expect(seen.length).toBeGreaterThan(1)
      expect(seen).toContain('old')
      expect(seen.filter((state) => state !== 'old' && state !== 'new')).toEqual([])
      expect(ids(await store.chunks.listChunks({ documentId: first.id }))).toEqual(ids(fresh))
      await store.close()
    })

    it('takes new chunks with the ids of the current ones (a synced blob applied again)', async () => {
      const { store, first } = await storeWithDocuments()
      const chunks = chunksOf(first, 700)
      await store.chunks.replaceChunks(first.id, chunks)
      const edited = chunks.map((chunk) => ({ ...chunk, text: `${chunk.text} (again)` }))
      await store.chunks.replaceChunks(first.id, edited)
      expect(await store.chunks.listChunks({ documentId: first.id })).toEqual(edited)
      await store.close()
    })

    it('keeps the old chunks when a replacement stops part way, and clears its rows later', async () => {
      const database = await dialect.fresh()
      const setup = await storeWithDocuments(database)
      const old = chunksOf(setup.first, 600)
      await setup.store.chunks.replaceChunks(setup.first.id, old)
      await setup.store.close()

      // The database fails the third write transaction (a crash, a full disk) of the next replacement.
      const driver = database.connect()
      let batches = 0
      const failing: SqlDriver = {
        dialect: driver.dialect,
        exclusive: (work) => driver.exclusive(work),
        exec: (sql) => driver.exec(sql),
        all: (sql, params) => driver.all(sql, params),
        get: (sql, params) => driver.get(sql, params),
        run: (sql, params) => driver.run(sql, params),
        batch: (statements) =>
          ++batches === 3 ? Promise.reject(new Error('disk full')) : driver.batch(statements),
        close: () => driver.close(),
      }
      const store = new SqlStore(failing)
      await expect(store.chunks.replaceChunks(setup.first.id, chunksOf(setup.first, 2_000))).rejects.toThrow(
        'disk full',
      )
      expect(await store.chunks.listChunks({ documentId: setup.first.id })).toEqual(old)
      // The two transactions that went through: rows of a set nobody reads.
      expect((await rowsOf(driver, setup.first.id))?.n).toBe(600 + 2 * 100)
      await store.close()

      // Opening the store again clears the unfinished set; the old chunks stay. On PostgreSQL the
      // set above the current one may be another instance's replacement in progress: it stays until
      // the document's next replacement.
      const reopened = await openSqlStore(database.connect())
      const raw = database.connect()
      expect((await rowsOf(raw, setup.first.id))?.n).toBe(dialect.name === 'SQLite' ? 600 : 800)
      expect(await reopened.chunks.listChunks({ documentId: setup.first.id })).toEqual(old)
      const fresh = chunksOf(setup.first, 800)
      await reopened.chunks.replaceChunks(setup.first.id, fresh)
      expect(await reopened.chunks.listChunks({ documentId: setup.first.id })).toEqual(fresh)
      expect((await rowsOf(raw, setup.first.id))?.n).toBe(800)
      await raw.close()
      await reopened.close()
    })

    it('stores nothing for a document deleted during its replacement', async () => {
      const database = await dialect.fresh()
      const { store, first, second } = await storeWithDocuments(database)
      await store.chunks.replaceChunks(second.id, chunksOf(second, 10))
      const replacing = store.chunks.replaceChunks(first.id, chunksOf(first, 3_000))
      await new Promise((resolve) => setImmediate(resolve))
      expect(await store.documents.deleteDocument(first.id)).toBe(true)
      await replacing
      const raw = database.connect()
      expect((await rowsOf(raw, first.id))?.n).toBe(0)
      expect(await store.chunks.listChunks()).toHaveLength(10)
      await raw.close()
      await store.close()
    })

    it('runs replacements of one document one after the other: the last one called wins', async () => {
      const { store, first } = await storeWithDocuments()
      const a = chunksOf(first, 1_200)
      const b = chunksOf(first, 900)
      await Promise.all([store.chunks.replaceChunks(first.id, a), store.chunks.replaceChunks(first.id, b)])
      expect(ids(await store.chunks.listChunks({ documentId: first.id }))).toEqual(ids(b))
      await store.close()
    })

    it('upgrades a version 5 database keeping its chunks (migration 6)', async () => {
      const database = await dialect.fresh()
      const driver = database.connect()
      await migrate(
        driver,
        migrations.filter((migration) => migration.version <= 5),
      )
      const { document, chunks } = await insertLegacyRows(driver, (document) => chunksOf(document, 3))
      await driver.close()
      const store = await openSqlStore(database.connect())
      expect(await store.chunks.listChunks({ documentId: document.id })).toEqual(chunks)
      expect(await store.chunks.getChunks([chunks[1]!.id])).toEqual([chunks[1]])
      await store.close()
    })

    it('profiles a document of a version 8 database from its chunks once, then with no chunk read (migration 9)', async () => {
      const database = await dialect.fresh()
      const driver = database.connect()
      await migrate(
        driver,
        migrations.filter((migration) => migration.version <= 8),
      )
      const inserted = await insertLegacyRows(driver, (document) =>
        Array.from({ length: 12 }, (_, i) =>
          newChunk(document, i, { page: null, text: `Harbour tides ${i}` }),
        ),
      )
      await driver.close()
      const document = { ...inserted.document, status: 'completed' as const, chunk_count: 12 }
      const expected = [
        documentProfile({
          documentId: document.id,
          filename: document.original_filename,
          title: null,
          opening: openingText(inserted.chunks),
        }),
      ]
      for (const [start, reads] of [
        ['the first', [8, 12]],
        ['the next', []],
      ] as const) {
        const store = await openSqlStore(database.connect())
        const { chunks, listed } = countedListings(store.chunks)
        expect(await documentProfiles({ chunks }, [document]), start).toEqual(expected)
        expect(listed, start).toEqual(reads)
        await store.close()
      }
    })
  })

describe('SqlStore chunks with several instances (PostgreSQL)', () => {
  const postgres = dialects.find((dialect) => dialect.name === 'PostgreSQL')!
  afterEach(() => {
    vi.restoreAllMocks()
  })

  // A person's store opens on an instance when a request of theirs first lands there, which may be
  // while another instance is writing a document's next chunk set: opening sweeps leftovers, and must
  // not take that replacement's rows for them.
  it('opening the store on another instance during a replacement leaves the replacement whole', async () => {
    const database = await postgres.fresh()
    const writer = await openSqlStore(database.connect())
    const collection = await writer.collections.createCollection(newCollection())
    const document = await writer.documents.createDocument(newDocument(collection.id))
    const make = (count: number) => Array.from({ length: count }, (_, i) => newChunk(document, i))
    await writer.chunks.replaceChunks(document.id, make(50))
    let now = 0
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 5))
    const fresh = make(1_500)
    const replacing = writer.chunks.replaceChunks(document.id, fresh)
    const raw = database.connect()
    const rows = async () =>
      (await raw.get<{ n: number }>('SELECT COUNT(*) AS n FROM chunks WHERE document_id = ?', [document.id]))!
        .n
    while ((await rows()) <= 250) await new Promise((resolve) => setImmediate(resolve))
    const other = await openSqlStore(database.connect())
    await replacing
    expect((await other.chunks.listChunks({ documentId: document.id })).map((chunk) => chunk.id)).toEqual(
      fresh.map((chunk) => chunk.id),
    )
    expect(await rows()).toBe(1_500)
    await raw.close()
    await other.close()
    await writer.close()
  })
})

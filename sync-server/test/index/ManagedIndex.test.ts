import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type SearchRequest, SearchIndex } from '../../../web/core/retrieve/index/SearchIndex'
import { VECTOR_ROWS_HEADER_BYTES } from '../../../web/core/retrieve/index/VectorRows'
import { encodeVersion1Snapshot } from '../../../web/core/testing/indexSnapshotBytes'
import type { IndexSnapshotStore } from '../../../web/core/retrieve/snapshot/IndexSnapshotStore'
import { readIndexSnapshot } from '../../../web/core/retrieve/snapshot/readIndexSnapshot'
import { snapshotFileOf } from '../../../web/core/retrieve/snapshot/SnapshotFile'
import { decodeIndexSnapshot } from '../../../web/core/retrieve/snapshot/decodeIndexSnapshot'
import { encodeIndexSnapshot } from '../../../web/core/retrieve/snapshot/encodeIndexSnapshot'
import { hashEmbedder } from '../../../web/core/ingest/embed/hashEmbedder'
import { IndexMemoryBudget } from '../../../web/core/retrieve/snapshot/IndexMemoryBudget'
import { ESTIMATED_BYTES_PER_CHUNK, ManagedIndex } from '../../../web/core/retrieve/snapshot/ManagedIndex'
import { loadSearchIndex } from '../../../web/core/retrieve/snapshot/loadSearchIndex'
import { testSqlDialects } from '../postgres/testSqlDialects'
import { answers, keywordRequest, openIndexWorld, QUERIES, type IndexWorld } from './openIndexWorld'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

// Real stores (a person's quire.db, or their PostgreSQL schema), real chunks with hash-v1 vectors.
for (const dialect of testSqlDialects())
  describe(`ManagedIndex on ${dialect.name}`, () => {
    let world: IndexWorld
    const errors: unknown[] = []
    const logError = (error: unknown) => errors.push(error)
    beforeEach(async () => {
      world = await openIndexWorld(await dialect.fresh())
      errors.length = 0
    })
    afterEach(() => world.close())

    /** What an index rebuilt from every stored chunk answers: the truth to compare with. */
    const rebuilt = async () => answers(SearchIndex.fromChunks(await world.store.chunks.listChunks()))
    const managed = (options: Partial<ConstructorParameters<typeof ManagedIndex>[0]> = {}) =>
      new ManagedIndex({ store: world.snapshots, logError, settleMs: 60_000, ...options })
    /** The world's snapshot store, and when each of its writes began (`performance.now()`). */
    const storeTimingWrites = () => {
      const written: number[] = []
      const { snapshots } = world
      const store = storeWith({
        // Each entry is when a write began, listed once it has finished: a test that waits for an entry
        // then reads the stored snapshot must find that write in it.
        writeSnapshot: async (bytes) => {
          const began = performance.now()
          await snapshots.writeSnapshot(bytes)
          written.push(began)
        },
      })
      return { store, written }
    }
    /** The searches the index (loaded by this) is asked from now on, warm-ups included, in order. */
    const searchesOf = async (index: ManagedIndex): Promise<SearchRequest[]> => {
      const asked: SearchRequest[] = []
      await index.use((loaded) => {
        const search = loaded.search.bind(loaded)
        loaded.search = (request) => {
          asked.push(request)
          return search(request)
        }
      })
      return asked
    }
    /** The world's snapshot store with some of its methods in other hands. */
    const storeWith = (methods: Partial<IndexSnapshotStore>): IndexSnapshotStore => {
      const { snapshots } = world
      return {
        documentVersions: () => snapshots.documentVersions(),
        documentChunks: (id) => snapshots.documentChunks(id),
        documentChunkIds: (id) => snapshots.documentChunkIds(id),
        readSnapshot: () => snapshots.readSnapshot(),
        writeSnapshot: (bytes) => snapshots.writeSnapshot(bytes),
        ...methods,
      }
    }

    it('loads on first use, saves a snapshot, and the next load reads it instead of the chunks', async () => {
      for (let i = 0; i < 4; i++) await world.addDocument(5, i + 1)
      const first = managed()
      expect(first.isLoaded).toBe(false)
      const expected = await rebuilt()
      expect(await first.use(answers)).toEqual(expected)
      await first.close()

      const loaded = await loadSearchIndex(world.snapshots, logError)
      expect(loaded).toMatchObject({ from: 'snapshot', documentsRead: 0 })
      expect(await answers(loaded.index)).toEqual(expected)
      expect(await managed().use(answers)).toEqual(expected)
      expect(errors).toEqual([])
    })

    it('reads only the documents changed while it was unloaded: replaced, deleted, new', async () => {
      const documents = []
      for (let i = 0; i < 5; i++) documents.push(await world.addDocument(4, i + 1))
      const index = managed()
      await index.use(() => undefined)
      await index.close()

      const [replaced, deleted] = documents as [(typeof documents)[0], (typeof documents)[0]]
      await world.store.chunks.replaceChunks(replaced.id, await world.chunksFor(replaced, 6, 40))
      await world.store.documents.deleteDocument(deleted.id)
      await world.addDocument(3, 41)

      const loaded = await loadSearchIndex(world.snapshots, logError)
      expect(loaded).toMatchObject({ from: 'snapshot', documentsRead: 3 })
      expect(await answers(loaded.index)).toEqual(await rebuilt())
    })

    it('ignores a corrupt snapshot, saying why, and rebuilds from the chunks', async () => {
      for (let i = 0; i < 3; i++) await world.addDocument(4, i + 1)
      const index = managed()
      await index.use(() => undefined)
      await index.close()
      // Flip bytes in the middle of the stored snapshot.
      const stored = (await world.snapshots.readSnapshotBytes())!
      stored.fill(0x5a, Math.floor(stored.length / 2), Math.floor(stored.length / 2) + 64)
      await world.snapshots.writeSnapshot(stored)

      const loaded = await loadSearchIndex(world.snapshots, logError)
      expect(loaded).toMatchObject({ from: 'chunks', documentsRead: 3 })
      expect(await answers(loaded.index)).toEqual(await rebuilt())
      expect(String(errors[0])).toMatch(/snapshot ignored \(.+\); rebuilding/)
    })

    it('lets the snapshot bytes a load left in use go once it has not been used for a while', async () => {
      for (let i = 0; i < 3; i++) await world.addDocument(4, i + 1)
      const first = managed()
      await first.use(() => undefined)
      await first.close()

      const index = managed({ decodeIdleMs: 30 })
      expect(await index.use((loaded) => loaded.hasUndecodedVectors)).toBe(true)
      // A timer of 30 ms fires before one of 100 ms set after it.
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await index.use((loaded) => loaded.hasUndecodedVectors)).toBe(false)
      expect(await index.use((loaded) => loaded.holdsSnapshotBytes)).toBe(false)
      expect(await index.use(answers)).toEqual(await rebuilt())
      await index.close()
      expect(errors).toEqual([])
    })

    it('warms a loaded index up once after its first search, with its own words, only while nothing uses it', async () => {
      for (let i = 0; i < 3; i++) await world.addDocument(4, i + 1)
      const index = managed({ warmQuietMs: 300 })
      const asked = await searchesOf(index)
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
      await sleep(30)
      expect(asked).toEqual([]) // no search, no warm-up
      const request: SearchRequest = {
        ...keywordRequest(QUERIES[0]!),
        mode: 'hybrid',
        queryVector: new Float32Array(hashEmbedder.dimensions).fill(0.1),
        embedder: hashEmbedder.id,
        collectionIds: [world.collectionId],
      }
      const truth = (await index.search(request)).results
      // A search or a change under way: no warm-up meanwhile.
      let release = () => {}
      const held = index.use(() => new Promise<void>((resolve) => (release = resolve)))
      await sleep(30)
      expect(asked).toHaveLength(1)
      release()
      await held
      // Uses one after another, closer than `warmQuietMs`: none between them either.
      for (let i = 0; i < 5; i++) {
        await sleep(20)
        await index.use(() => undefined)
      }
      expect(asked).toHaveLength(1)
      for (let waited = 0; asked.length < 151 && waited < 5_000; waited += 20) await sleep(20)
      const warmUps = asked.slice(1)
      expect(warmUps).toHaveLength(150)
      for (const warm of warmUps) {
        expect(warm).toMatchObject({
          collectionIds: [world.collectionId],
          mode: 'hybrid',
          limit: request.limit,
        })
        expect(warm.queryVector).toBeNull()
        expect(warm.query).not.toBe(request.query)
        expect(warm.query.split(' ').length).toBeGreaterThanOrEqual(6)
      }
      expect(new Set(warmUps.map(({ query }) => query)).size).toBeGreaterThan(100)
      // Once per loaded index; the searches answer as before.
      expect((await index.search(request)).results).toEqual(truth)
      await sleep(50)
      expect(asked).toHaveLength(152)
      await index.close()
      expect(errors).toEqual([])
    })

    it('warms up when asked before any search, with the shapes given, and not again while warm', async () => {
      for (let i = 0; i < 3; i++) await world.addDocument(4, i + 1)
      const index = managed({ warmQuietMs: 100, warmAgainMs: 400 })
      const seen = await searchesOf(index)
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
      const until = async (count: number) => {
        for (let waited = 0; seen.length < count && waited < 5_000; waited += 20) await sleep(20)
      }
      index.warmUp([]) // no shape given, no search yet: nothing to warm with
      await sleep(200)
      expect(seen).toEqual([])
      const shapes = [
        { limit: 50, mode: 'hybrid' as const, similarityThreshold: 0 },
        { limit: 50, mode: 'hybrid' as const, similarityThreshold: 0, collectionIds: [world.collectionId] },
      ]
      index.warmUp(shapes)
      await until(150)
      expect(seen).toHaveLength(150)
      expect(seen.filter(({ collectionIds }) => collectionIds === undefined)).toHaveLength(75)
      for (const warm of seen) {
        expect(warm).toMatchObject({ limit: 50, mode: 'hybrid', queryVector: null, embedder: null })
        expect(warm.query.split(' ').length).toBeGreaterThanOrEqual(6)
      }
      // Within `warmAgainMs` of a warm-up search, then of a search: warm still, none run.
      index.warmUp(shapes)
      await sleep(500)
      await index.search(keywordRequest(QUERIES[0]!))
      index.warmUp(shapes)
      // Shapes to be read (every document's opening): not read while warm.
      let reads = 0
      const read = () => (reads++, Promise.resolve(shapes))
      index.warmUp(read)
      await sleep(300)
      expect(seen).toHaveLength(151)
      expect(reads).toBe(0)
      // Past it: read, and warmed again.
      await sleep(200)
      index.warmUp(read)
      await until(301)
      expect(seen).toHaveLength(301)
      expect(reads).toBe(1)
      await index.close()
      expect(errors).toEqual([])
    })

    it("rebuilds from the chunks when the snapshot's vector rows prove unreadable on their first use", async () => {
      for (let i = 0; i < 3; i++) await world.addDocument(4, i + 1)
      const first = managed()
      await first.use(() => undefined)
      await first.close()
      // A step that is not a length: the vector rows' header reads, so the load takes them as they are.
      const snapshot = decodeIndexSnapshot((await world.snapshots.readSnapshotBytes())!)
      const rows = (snapshot.index.vectors[0]!.rows as Uint8Array).slice()
      new DataView(rows.buffer).setFloat64(VECTOR_ROWS_HEADER_BYTES, -1, true)
      snapshot.index.vectors[0] = { ...snapshot.index.vectors[0]!, rows }
      await world.snapshots.writeSnapshot(encodeIndexSnapshot(snapshot))

      const index = managed()
      const vectorSearch = {
        ...keywordRequest('anything'),
        mode: 'vector',
        queryVector: new Float32Array(hashEmbedder.dimensions).fill(1),
        embedder: hashEmbedder.id,
        exactVectors: (ids: readonly string[]) => world.store.chunks.chunkVectors(ids),
      } as SearchRequest
      expect(errors).toEqual([])
      // The search that finds out answers with keywords; the next use rebuilds from the chunks.
      expect((await index.search(vectorSearch)).method).toBe('bm25')
      expect(String(errors[0])).toMatch(/ignored on first use \(.*not a length.*\); rebuilding/)
      expect(index.isLoaded).toBe(false)
      expect(await index.use(answers)).toEqual(await rebuilt())
      expect((await index.search(vectorSearch)).method).toBe('vector')
      await index.close()
      // Saved again, as any rebuild is: the next load reads that snapshot, its rows readable.
      const loaded = await loadSearchIndex(world.snapshots, logError)
      expect(loaded.from).toBe('snapshot')
      expect(await answers(loaded.index)).toEqual(await rebuilt())
      expect(errors).toHaveLength(1)
    })

    it('saves changes made while loaded with their version; a change the store does not hold is read again', async () => {
      const kept = await world.addDocument(4, 1)
      const index = managed()
      await index.use(() => undefined)
      // Processing: the store's chunks first, then the index's (as processDocument does).
      const processed = await world.addDocument(5, 2)
      await index.replaceDocument(
        processed.id,
        await world.store.chunks.listChunks({ documentId: processed.id }),
      )
      // An index update whose chunks the store does not have (its replacement is still to come).
      await index.replaceDocument(kept.id, await world.chunksFor(kept, 2, 99))
      await index.save()

      const loaded = await loadSearchIndex(world.snapshots, logError)
      // Only the document whose chunks differ from the store's is read again, and it is the store's.
      expect(loaded).toMatchObject({ from: 'snapshot', documentsRead: 1 })
      expect(await answers(loaded.index)).toEqual(await rebuilt())
    })

    it('compares each replaced document with the store as it goes, so a save after a folder reads no ids, and a later change undoes that comparison', async () => {
      const { snapshots } = world
      const calls: string[] = []
      /** Comparisons answered (their result is recorded before any timer runs). */
      let answered = 0
      let gate: Promise<void> | undefined
      const store = storeWith({
        documentChunkIds: async (id: string) => {
          calls.push(id)
          const held = gate
          gate = undefined
          await held
          const ids = await snapshots.documentChunkIds(id)
          answered++
          return ids
        },
      })
      const index = managed({ store })
      await index.use(() => undefined)
      const documents = []
      for (let i = 0; i < 3; i++) {
        const document = await world.addDocument(4, i + 1)
        documents.push(document)
        await index.replaceDocument(
          document.id,
          await world.store.chunks.listChunks({ documentId: document.id }),
        )
      }
      await expect.poll(() => answered).toBe(3)

      // The first document then changes in the index only (chunks the store does not have), and its new
      // comparison is held: the save must compare it itself, not use the one made before the change.
      let release = () => {}
      gate = new Promise<void>((resolve) => (release = resolve))
      const [first] = documents as [(typeof documents)[0]]
      await index.replaceDocument(first.id, await world.chunksFor(first, 2, 99))
      await index.save()
      release()
      // Three comparisons as they were processed, the held one, and the save's of the changed document only.
      expect(calls).toEqual([...documents.map((document) => document.id), first.id, first.id])
      const loaded = await loadSearchIndex(world.snapshots, logError)
      expect(loaded).toMatchObject({ from: 'snapshot', documentsRead: 1 })
      expect(await answers(loaded.index)).toEqual(await rebuilt())
      await index.close()
      expect(errors).toEqual([])
    })

    it('saves once changes settle, without being asked', async () => {
      const index = managed({ settleMs: 20, saveQuietMs: 20 })
      await index.use(() => undefined)
      const document = await world.addDocument(3, 5)
      await index.replaceDocument(
        document.id,
        await world.store.chunks.listChunks({ documentId: document.id }),
      )
      await expect.poll(async () => (await loadSearchIndex(world.snapshots, logError)).documentsRead).toBe(0)
      await index.close()
    })

    it('saves soon when told its changes have settled, not settleMs after them', async () => {
      const { store, written } = storeTimingWrites()
      const index = managed({ store, settleMs: 60_000, saveQuietMs: 20 })
      index.saveSoon() // unloaded: nothing to save
      await index.use(() => undefined)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(written).toHaveLength(0) // the first load (no snapshot stored) waits settleMs to save
      index.saveSoon()
      await expect.poll(() => written.length).toBe(1)
      const document = await world.addDocument(3, 5)
      await index.replaceDocument(
        document.id,
        await world.store.chunks.listChunks({ documentId: document.id }),
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(written).toHaveLength(1)
      index.saveSoon()
      await expect.poll(() => written.length).toBe(2)
      expect((await loadSearchIndex(world.snapshots, logError)).documentsRead).toBe(0)
      await index.close()
      expect(written).toHaveLength(2)
      expect(errors).toEqual([])
    })

    it('saves in a pause between searches, not among them', async () => {
      const { store, written } = storeTimingWrites()
      const index = managed({ store, settleMs: 20, saveQuietMs: 150 })
      await index.use(() => undefined)
      const document = await world.addDocument(3, 5)
      await index.replaceDocument(
        document.id,
        await world.store.chunks.listChunks({ documentId: document.id }),
      )
      // A search every 40 ms for 0.5 s: settled, but never quiet for 150 ms.
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
      const until = performance.now() + 500
      while (performance.now() < until) {
        await index.search(keywordRequest(QUERIES[0]!))
        await sleep(40)
      }
      const lastSearch = performance.now()
      expect(written).toEqual([])
      await expect.poll(() => written.length, { timeout: scaledTimeout(2_000) }).toBe(1)
      expect(written[0]! - lastSearch).toBeGreaterThanOrEqual(100)
      expect((await loadSearchIndex(world.snapshots, logError)).documentsRead).toBe(0)
      await index.close()
    })

    it('runs a few keyword searches in the quiet after a save, once its search code was warmed', async () => {
      const { store, written } = storeTimingWrites()
      const index = managed({ store, settleMs: 20, saveQuietMs: 50, warmQuietMs: 30 })
      const seen = await searchesOf(index)
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
      const change = async (paragraphs: number) => {
        const document = await world.addDocument(3, paragraphs)
        await index.replaceDocument(
          document.id,
          await world.store.chunks.listChunks({ documentId: document.id }),
        )
      }
      // Never searched nor warmed: a save runs none after it.
      await change(5)
      await expect.poll(() => written.length, { timeout: scaledTimeout(3_000) }).toBe(1)
      await sleep(200)
      expect(seen).toEqual([])
      // A search and its warm-up, then a change saved: fifty more, as the search was asked.
      const request = keywordRequest(QUERIES[0]!)
      await index.search(request)
      await expect.poll(() => seen.length, { timeout: scaledTimeout(3_000) }).toBe(151)
      await change(6)
      await expect.poll(() => written.length, { timeout: scaledTimeout(3_000) }).toBe(2)
      await expect.poll(() => seen.length, { timeout: scaledTimeout(3_000) }).toBe(201)
      await sleep(200)
      expect(seen).toHaveLength(201)
      for (const after of seen.slice(151)) {
        expect(after).toMatchObject({ mode: request.mode, limit: request.limit, queryVector: null })
        expect(after.query).not.toBe(request.query)
      }
      await index.close()
      expect(errors).toEqual([])
    })

    it('reads again what changed while it was loading', async () => {
      await world.addDocument(4, 1)
      // The load has read the document versions and waits: a document is stored and announced meanwhile.
      let release = () => {}
      const gate = new Promise<void>((resolve) => (release = resolve))
      const { snapshots } = world
      const store = storeWith({
        documentVersions: async () => {
          const versions = await snapshots.documentVersions()
          await gate
          return versions
        },
      })
      const index = managed({ store })
      const search = index.use(answers)
      await new Promise((resolve) => setTimeout(resolve, 20))
      const late = await world.addDocument(3, 7)
      await index.replaceDocument(late.id, await world.store.chunks.listChunks({ documentId: late.id }))
      release()
      expect(await search).toEqual(await rebuilt())
      await index.close()
    })

    it('starts loading when a document is processed while unloaded, so the next search reads no document', async () => {
      await world.addDocument(4, 1)
      const { snapshots } = world
      const read: string[] = []
      const store = storeWith({
        documentChunks: (id) => {
          read.push(id)
          return snapshots.documentChunks(id)
        },
      })
      const index = managed({ store })
      const documents = [await world.addDocument(3, 7), await world.addDocument(5, 8)]
      for (const document of documents) {
        const chunks = await world.store.chunks.listChunks({ documentId: document.id })
        await index.replaceDocument(document.id, chunks)
      }
      await expect.poll(() => index.isLoaded).toBe(true)
      const readByLoad = read.length
      expect(readByLoad).toBeGreaterThanOrEqual(3)
      expect(await index.use(answers)).toEqual(await rebuilt())
      expect(read).toHaveLength(readByLoad)
      await index.close()
      // Closed, a document processed loads nothing.
      await index.replaceDocument(documents[0]!.id, [])
      expect(index.isLoaded).toBe(false)
      expect(errors).toEqual([])
    })

    it('drops a deleted collection, and its snapshot says so', async () => {
      await world.addDocument(4, 1)
      await world.addDocument(3, 2)
      const index = managed()
      expect(((await index.use(answers)) as { size: number }).size).toBe(7)
      await world.store.collections.deleteCollection(world.collectionId)
      index.removeCollection(world.collectionId)
      expect(await index.use(answers)).toEqual(await rebuilt())
      await index.close()
      const loaded = await loadSearchIndex(world.snapshots, logError)
      expect(loaded).toMatchObject({ from: 'snapshot', documentsRead: 0 })
      expect(loaded.index.size).toBe(0)
    })

    describe("over a store that reads its snapshot a range at a time (the browser's)", () => {
      /** `world.snapshots` with its snapshot read by `readIndexSnapshot`, counting the reads. */
      const ranged = () => {
        const { snapshots } = world
        const read = { count: 0 }
        const store = storeWith({
          readSnapshot: async () => {
            const bytes = await snapshots.readSnapshotBytes()
            if (!bytes) return undefined
            const file = snapshotFileOf(bytes)
            return readIndexSnapshot({
              size: file.size,
              read: (start, end) => {
                read.count++
                return file.read(start, end)
              },
            })
          },
        })
        return { store, read }
      }
      const hybrid = (query: string): SearchRequest => ({
        ...keywordRequest(query),
        mode: 'hybrid',
        queryVector: new Float32Array(hashEmbedder.dimensions).fill(0.1),
        embedder: hashEmbedder.id,
        collectionIds: [world.collectionId],
        exactVectors: (ids: readonly string[]) => world.store.chunks.chunkVectors(ids),
      })

      it("loads the head and BM25 only: hash-v1's searches and idle time read no rows, a vector search does", async () => {
        for (let i = 0; i < 4; i++) await world.addDocument(30, i + 1)
        const first = managed()
        const truth = await first.use((index) => index.search({ ...hybrid('castle bridge'), mode: 'vector' }))
        const keywords = await first.use((index) => index.search(hybrid('harbour bridge')))
        await first.close()

        const { store, read } = ranged()
        const index = managed({ store, decodeIdleMs: 10 })
        expect(await index.search(hybrid('harbour bridge'))).toEqual(keywords)
        expect(await index.use(answers)).toEqual(await rebuilt())
        await new Promise((resolve) => setTimeout(resolve, 60))
        expect(await index.use((loaded) => [loaded.hasUnreadVectors, loaded.holdsSnapshotBytes])).toEqual([
          true,
          false,
        ])
        // The head and BM25: one read at this size (both within the head's first read).
        expect(read.count).toBe(1)
        expect(await index.search({ ...hybrid('castle bridge'), mode: 'vector' })).toEqual(truth)
        expect(read.count).toBe(2)
        await index.close()
        expect(errors).toEqual([])
      })

      it('reads the rows not read yet once it has been idle for readIdleMs, not while used', async () => {
        for (let i = 0; i < 3; i++) await world.addDocument(6, i + 1)
        const first = managed()
        await first.use(() => undefined)
        await first.close()

        const { store, read } = ranged()
        const index = managed({ store, readIdleMs: 150 })
        const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
        // Used every 50 ms for 0.4 s: never idle for 150 ms.
        for (let i = 0; i < 8; i++) {
          await index.search(hybrid('harbour bridge'))
          await sleep(50)
        }
        expect(await index.use((loaded) => loaded.hasUnreadVectors)).toBe(true)
        expect(read.count).toBe(1)
        await expect.poll(() => read.count, { timeout: scaledTimeout(2_000) }).toBe(2)
        await expect.poll(() => index.use((loaded) => loaded.hasUndecodedVectors)).toBe(false)
        expect(await index.use(answers)).toEqual(await rebuilt())
        await index.close()
        expect(errors).toEqual([])
      })

      it('reads and decodes the rows soon after a load, a slice at a time while nothing uses the index', async () => {
        for (let i = 0; i < 3; i++) await world.addDocument(6, i + 1)
        const first = managed()
        const truth = await first.use((index) => index.search({ ...hybrid('castle bridge'), mode: 'vector' }))
        await first.close()

        const { store, read } = ranged()
        // Every step a slice of its own, each after 150 ms unused.
        const index = managed({ store, readIdleMs: 0, warmQuietMs: 150, backgroundSliceMs: 0 })
        const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
        await index.search(hybrid('harbour bridge'))
        // Used every 50 ms: the rows' read has begun (its first range), the rest waits.
        for (let i = 0; i < 8; i++) {
          await sleep(50)
          expect(await index.use((loaded) => loaded.hasUndecodedVectors)).toBe(true)
        }
        expect(read.count).toBe(2)
        // Unused: the slices go on, one after each quiet 150 ms, to the end.
        await sleep(2_500)
        expect(await index.use((loaded) => loaded.hasUndecodedVectors)).toBe(false)
        expect(read.count).toBe(2)
        expect(await index.search({ ...hybrid('castle bridge'), mode: 'vector' })).toEqual(truth)
        await index.close()
        expect(errors).toEqual([])
      })

      it('keeps changes made before the rows are read, and saves them with the rows', async () => {
        for (let i = 0; i < 3; i++) await world.addDocument(6, i + 1)
        const first = managed()
        await first.use(() => undefined)
        await first.close()

        const { store } = ranged()
        const index = managed({ store })
        await index.search(hybrid('harbour bridge'))
        const added = await world.addDocument(5, 9)
        await index.replaceDocument(added.id, await world.store.chunks.listChunks({ documentId: added.id }))
        await index.save()
        await index.close()
        const loaded = await loadSearchIndex(world.snapshots, logError)
        expect(loaded).toMatchObject({ from: 'snapshot', documentsRead: 0 })
        expect(await answers(loaded.index)).toEqual(await rebuilt())
        expect(loaded.index.vectorCount(hashEmbedder.id)).toBe(23)
        expect(errors).toEqual([])
      })

      it('writes a snapshot of format version 1 again as this build writes it', async () => {
        for (let i = 0; i < 3; i++) await world.addDocument(4, i + 1)
        const first = managed()
        await first.use(() => undefined)
        await first.close()
        const current = (await world.snapshots.readSnapshotBytes())!
        await world.snapshots.writeSnapshot(encodeVersion1Snapshot(decodeIndexSnapshot(current)))
        expect(await loadSearchIndex(world.snapshots, logError)).toMatchObject({ outdated: true })

        const { store } = ranged()
        const index = managed({ store })
        expect(await index.use(answers)).toEqual(await rebuilt())
        await index.close()
        expect(await loadSearchIndex(world.snapshots, logError)).toMatchObject({
          from: 'snapshot',
          outdated: false,
        })
        expect(await world.snapshots.readSnapshotBytes()).toEqual(current)
        expect(errors).toEqual([])
      })
    })

    describe('within a memory budget', () => {
      it('unloads the least recently used first, never one in use, and an unloaded one reloads the same', async () => {
        for (let i = 0; i < 3; i++) await world.addDocument(10, i + 1)
        const expected = await rebuilt()
        // Room for two indexes of 30 chunks, not three.
        const budget = new IndexMemoryBudget(2.5 * 30 * ESTIMATED_BYTES_PER_CHUNK, logError)
        const [a, b, c] = [0, 1, 2].map(() => managed({ budget })) as [
          ManagedIndex,
          ManagedIndex,
          ManagedIndex,
        ]
        await a.use(() => undefined)
        await b.use(() => undefined)
        await a.use(() => undefined) // a is now more recent than b
        await c.use(() => undefined)
        await expect.poll(() => b.isLoaded).toBe(false)
        expect([a.isLoaded, c.isLoaded]).toEqual([true, true])
        expect(budget.loaded).toEqual([a, c])

        // A search on a is running while c is used: a is the least recent, but is not dropped mid-search.
        let finish = () => {}
        const running = a.use(() => new Promise<void>((resolve) => (finish = resolve)))
        await c.use(() => undefined)
        expect(budget.loaded).toEqual([a, c])
        await b.use(() => undefined)
        await expect.poll(() => c.isLoaded).toBe(false)
        expect(a.isLoaded).toBe(true)
        finish()
        await running

        // The unloaded one comes back from its snapshot, answering as before.
        expect(await c.use(answers)).toEqual(expected)
        for (const index of [a, b, c]) await index.close()
        expect(errors).toEqual([])
      })

      it('takes changes made while unloaded from the store at the next load', async () => {
        const document = await world.addDocument(4, 1)
        const budget = new IndexMemoryBudget(0, logError)
        const index = managed({ budget })
        const other = managed({ budget })
        await index.use(() => undefined)
        await other.use(() => undefined)
        await expect.poll(() => index.isLoaded).toBe(false)
        // Re-processed while unloaded: the index is told, but has nothing in memory to change.
        const chunks = await world.chunksFor(document, 3, 77)
        await world.store.chunks.replaceChunks(document.id, chunks)
        await index.replaceDocument(document.id, chunks)
        const hits = await index.search(keywordRequest(chunks[0]!.text))
        expect(hits.results[0]?.id).toBe(chunks[0]!.id)
        expect(await index.use(answers)).toEqual(await rebuilt())
        await index.close()
        await other.close()
      })
    })
  })

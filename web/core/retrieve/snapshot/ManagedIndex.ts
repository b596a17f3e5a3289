import type { ChunkRecord } from '../../store/ChunkRecord'
import type { ExactVectors } from '../index/ExactVectors'
import type { SearchIndex, SearchIndexBytes, SearchRequest, SearchResponse } from '../index/SearchIndex'
import { timeSlicer } from '../../kernel/time/timeSlicer'
import { encodeIndexSnapshot } from './encodeIndexSnapshot'
import type { IndexMemoryBudget } from './IndexMemoryBudget'
import type { IndexSnapshotStore } from './IndexSnapshotStore'
import { loadSearchIndex } from './loadSearchIndex'
import type { SearchIndexPort, WarmUpShape, WarmUpShapes } from './SearchIndexPort'

export interface ManagedIndexOptions {
  store: IndexSnapshotStore
  logError: (error: unknown) => void
  /** Quiet time after the last change before the snapshot is written. Default 10 s. */
  settleMs?: number
  /**
   * Quiet time (no use) after which the vector rows the load left as bytes begin to be decoded in the
   * background, so the snapshot's bytes go (`decodeVectorsSoon`). Default 1 s.
   */
  decodeIdleMs?: number
  /**
   * Quiet time (no search, no other use) a settled save waits for, so that it does not fall among a
   * person's searches: its pieces that hold the thread (the vector rows' bytes, the checksums, the
   * snapshot made one buffer) held a page search 0.1-0.3 s at 139k passages. At most `MAX_SAVE_WAIT_MS`
   * past settling. Default 2 s.
   */
  saveQuietMs?: number
  /** Quiet time after which vector rows not read yet begin to be read and decoded (`decodeVectorsSoon`). Default 1 s. */
  readIdleMs?: number
  /**
   * Quiet time (no use) before each slice of background work: warm-up (`warmUpSoon`), reading and
   * decoding vector rows (`decodeVectorsSoon`). Default 50 ms.
   */
  warmQuietMs?: number
  /** How long after a search or a warm-up's last one `warmUp` finds the code warm still. Default 30 s. */
  warmAgainMs?: number
  /** How long a slice of reading and decoding vector rows may hold the thread (`pauseWhileUnused`). Default 10 ms. */
  backgroundSliceMs?: number
  /** The host's memory budget, told when this index loads and is used; it may unload this one. */
  budget?: IndexMemoryBudget
}

/**
 * Estimated memory per indexed chunk: BM25 postings and field lengths, the vector row (int8 codes of
 * 384 dimensions and their step, residual and slack), ids. `npm run bench indexLoad` measured 1,839 B
 * a chunk just after loading 100k chunks of xquad-en prose with hash-v1 vectors (heap and external
 * memory after a GC: a big vector index lives in WebAssembly memory, which only `external` counts;
 * 2.1 KB with MiniSearch's BM25), and `search-scale` 1,130 B a chunk for an index grown by adding at
 * 100k and 995 B at 1M; the vector index's cache of rescored rows adds at most 192 B. An estimate with
 * some margin, not an accounting: the budget is only as exact as it.
 */
export const ESTIMATED_BYTES_PER_CHUNK = 2_000

/**
 * Warm-up searches per loaded index (`warmUpSoon`): in headless Chromium's worker, BM25 over 139k passages
 * was as fast after 100 real questions as after 300 (p95 3.1 and 1.8 ms, against 40.6 ms for the first 40).
 */
const WARM_SEARCHES = 150
/** Keyword searches run in the quiet after a save (`saveNow`) of an index whose code was warmed. */
const AFTER_SAVE_SEARCHES = 50
/** A warm-up searches keywords only: no vector is read back. */
const NO_VECTORS: ExactVectors = async () => []
/** How long after a search or a warm-up's last one `warmUp` finds the code warm still (`warmAgainMs`). */
const WARM_AGAIN_MS = 30_000
/** How long one slice of warm-up may hold the thread. */
const WARM_SLICE_MS = 4
/** How long warm-up waits while a search or a change is under way. */
const WARM_BUSY_WAIT_MS = 50
/**
 * How long the index must have gone unused before a slice of warm-up runs (`warmQuietMs`). A search's
 * request also waits outside the index (the store's reads before and after it), and slices that ran in
 * those waits held it: right after the page processed 200 documents (139k passages), the first five
 * searches took 11-45 ms with slices between their steps; with this pause between searches asked one
 * after another, 5-25 ms, and the 40 searches' p95 went from 26-28 ms to 15-18 ms (three runs each).
 */
const WARM_QUIET_MS = 50
/**
 * How long the index must have gone unused before its vector rows begin to be read and decoded in the
 * background (`decodeVectorsSoon`), then a slice at a time in the pauses between searches. Not sooner:
 * begun 200 ms after a use, its slices and reads fell among a burst of searches just after an open
 * (the kept profile's 40 questions, asked in batches of 5: page p95 15-44 ms against 15-28 ms without).
 * A person who opens the app and types a question leaves it that long unused.
 */
const PREPARE_IDLE_MS = 1_000
/** How long one slice of background reading and decoding may hold the thread (`pauseWhileUnused`). */
const BACKGROUND_SLICE_MS = 10
/** The longest a settled save waits for a pause in use (`saveQuietMs`). */
export const MAX_SAVE_WAIT_MS = 60_000

interface Loaded {
  index: SearchIndex
  covered: Map<string, string | null>
  /** Documents whose chunks changed in the index since `covered` last said which version it holds. */
  dirty: Set<string>
  /** Whether the stored snapshot is this index (false after a rebuild or a catch-up on load). */
  saved: boolean
  /** Per document, the value of `changes` at its last change (begun or ended) in the index. */
  changedAt: Map<string, number>
  /**
   * Dirty documents already compared with the store (see `checkSoon`): the version to record and the
   * value of `changes` then; it holds while the document has not changed since.
   */
  checked: Map<string, { version: string | null | undefined; at: number }>
}

/**
 * One person's search index on the server: loaded on first use (`loadSearchIndex`: the snapshot plus
 * the documents changed since), saved as a snapshot once changes settle and when the space closes,
 * and dropped from memory when the host's `IndexMemoryBudget` needs the room (saved first if stale).
 *
 * - Changes while unloaded are not queued: the store already holds them, and the next load reads
 *   the documents whose version differs from the snapshot's. Changes while loading are read again
 *   from the store once the load is done.
 * - An index in use (a search, a replacement under way) is never dropped: `busy`.
 * - The snapshot records, per document, the version of its chunks the index holds. After a change
 *   the index only has the chunks it was given, so before writing, each changed document's chunk ids
 *   are compared with the store's (read with their version): the same ids, the version is recorded;
 *   otherwise (a replacement whose index update has not arrived yet) it is recorded as unknown, and
 *   a load reads that document again. So a snapshot never claims a version it does not hold.
 */
export class ManagedIndex implements SearchIndexPort {
  private loaded: Loaded | undefined
  private loading: Promise<Loaded> | undefined
  private readonly changedWhileLoading = new Set<string>()
  private collectionRemovedWhileLoading = false
  private inUse = 0
  private replacing = 0
  /** Documents whose replacement in the index is under way (how many at once). */
  private readonly replacingDocuments = new Map<string, number>()
  /** Documents waiting for `checkSoon`'s comparison, and whether its loop runs. */
  private readonly toCheck = new Set<string>()
  private checking = false
  /** Counts changes to the loaded index: a snapshot is only encoded if none happened while it was checked. */
  private changes = 0
  private timer: ReturnType<typeof setTimeout> | undefined
  private writing: Promise<void> = Promise.resolve()
  private closed = false
  /** The loaded snapshot's vector rows proved unreadable when first decoded: the next load rebuilds. */
  private rebuildNext = false
  private decodeTimer: ReturnType<typeof setTimeout> | undefined
  /** The index whose vector rows are being read and decoded in the background (`decodeVectorsSoon`). */
  private preparing: SearchIndex | undefined
  /** The index `loadNow` is bringing up to date, before it is `loaded`. */
  private loadingIndex: SearchIndex | undefined
  /** The last search asked, and the loaded index whose code was warmed up (`warmUpSoon`). */
  private lastRequest: SearchRequest | undefined
  private warmed: Loaded | undefined
  /** The shapes the last warm-up searched with. */
  private warmShapes: readonly WarmUpShape[] = []
  /** Warm-ups begun: one whose number is no longer the last stops (another took its place). */
  private warmUps = 0
  /** When a search was last asked, and when a warm-up search last ran (`performance.now()`). */
  private lastSearch = -Infinity
  private lastWarmUp = -Infinity
  /** When `use` last ended (`performance.now()`). */
  private lastUse = -Infinity

  constructor(private readonly options: ManagedIndexOptions) {}

  get isLoaded(): boolean {
    return this.loaded !== undefined
  }

  /** Whether a search or a replacement is running on it (it must not be dropped). */
  get busy(): boolean {
    return this.inUse > 0 || this.replacing > 0 || this.loading !== undefined
  }

  /** Memory the loaded index is estimated to take (0 when unloaded). */
  get estimatedBytes(): number {
    return (this.loaded?.index.size ?? 0) * ESTIMATED_BYTES_PER_CHUNK
  }

  search(request: SearchRequest): Promise<SearchResponse> {
    this.lastRequest = request
    this.lastSearch = performance.now()
    return this.use((index) => index.search(request))
  }

  /**
   * Warms the search code up again soon (`warmUpSoon`), before any search asks, with searches of these
   * shapes (`searchWarmUpShapes`; none: the last search's, if any): the host calls this when a person is
   * likely to search next, when a folder's processing has ended or the app has opened. The first
   * searches after minutes of processing ran cold code (right after the page processed browser-large's
   * 200 documents, the five after the first took 8-24 ms, 7-12 warmed;
   * docs/decisions/0012-search-warm-up-in-quiet-slices.md). Not within
   * `warmAgainMs` of a search or a warm-up search: the code is warm still, and files that come one at a
   * time, each processed before the next, would warm it after each.
   */
  warmUp(shapes: WarmUpShapes = []): void {
    const again = this.options.warmAgainMs ?? WARM_AGAIN_MS
    const warm = () => performance.now() - Math.max(this.lastSearch, this.lastWarmUp) < again
    if (warm() || this.closed) return
    const start = (read: readonly WarmUpShape[]) => {
      if (warm() || this.closed) return
      this.warmed = undefined
      this.warmUpSoon(read)
    }
    if (typeof shapes !== 'function') return start(shapes)
    shapes().then(start, this.options.logError)
  }

  /** Runs `work` on the loaded index (loading it first); it is not dropped while `work` runs. */
  async use<T>(work: (index: SearchIndex) => T | Promise<T>): Promise<T> {
    this.inUse++
    try {
      const { index } = await this.load()
      this.options.budget?.touch(this)
      return await work(index)
    } finally {
      this.inUse--
      this.lastUse = performance.now()
      this.decodeVectorsSoon()
      this.warmUpSoon()
    }
  }

  async replaceDocument(documentId: string, chunks: readonly ChunkRecord[]): Promise<void> {
    const loaded = this.loaded
    if (!loaded) {
      // Unloaded, the load starts now: a person who adds documents searches them next, and the server
      // (which loads a person's index on first use) otherwise read and indexed at that first search every
      // document processed meanwhile (19.5 s after a folder of 200; bench/README.md, browser-large).
      // Loading, this one is read again from the store once loaded; the rest come in here one at a time.
      if (!this.loading && !this.closed) this.load().catch(this.options.logError)
      if (this.loading) this.changedWhileLoading.add(documentId)
      return
    }
    loaded.dirty.add(documentId)
    loaded.changedAt.set(documentId, ++this.changes)
    this.replacing++
    this.replacingDocuments.set(documentId, (this.replacingDocuments.get(documentId) ?? 0) + 1)
    try {
      await loaded.index.replaceDocument(documentId, chunks)
    } finally {
      loaded.changedAt.set(documentId, ++this.changes)
      this.replacing--
      const left = this.replacingDocuments.get(documentId)! - 1
      if (left === 0) this.replacingDocuments.delete(documentId)
      else this.replacingDocuments.set(documentId, left)
      this.scheduleSave()
      this.checkSoon(loaded, documentId)
    }
  }

  removeDocument(documentId: string): void {
    this.changeNow([documentId], (index) => index.removeDocument(documentId))
  }

  removeCollection(collectionId: string): void {
    const loaded = this.loaded
    if (!loaded) {
      // The store has dropped the collection's documents: a load in progress drops what it read of them.
      if (this.loading) this.collectionRemovedWhileLoading = true
      return
    }
    loaded.index.removeCollection(collectionId)
    // The documents that lost their chunks are the changed ones.
    this.changes++
    for (const id of loaded.covered.keys()) {
      if (loaded.index.documentChunkIds(id).length === 0) {
        loaded.dirty.add(id)
        loaded.changedAt.set(id, this.changes)
      }
    }
    this.scheduleSave()
  }

  add(chunks: readonly ChunkRecord[]): void {
    this.changeNow(
      chunks.map((chunk) => chunk.document_id),
      (index) => index.add(chunks),
    )
  }

  /**
   * Saves a stale snapshot once the index goes unused for `saveQuietMs`, without waiting `settleMs` for
   * changes to settle: the host knows they have (a folder's last document processed). A tab closed in
   * the 10 s that wait took lost the save, and the next open read every document of the folder again (33 s
   * to the first search at browser-large's 200 documents).
   */
  saveSoon(): void {
    const loaded = this.loaded
    if (this.closed || !loaded || (loaded.saved && loaded.dirty.size === 0)) return
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.saveWhenQuiet(performance.now())
  }

  /** Writes the snapshot now if the stored one is stale (waits for a write under way). */
  save(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    const run = this.writing.then(() => this.saveNow())
    this.writing = run.catch(this.options.logError)
    return run
  }

  /** Saves a stale snapshot, then drops the index from memory unless it is in use by then. */
  async unload(): Promise<void> {
    if (!this.loaded) return
    await this.save().catch(this.options.logError)
    if (this.busy || !this.loaded) return
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    this.loaded = undefined
    this.stopDecoding()
    this.options.budget?.forget(this)
  }

  /** Saves a stale snapshot and lets the index go (the person's space is closing). */
  async close(): Promise<void> {
    this.closed = true
    await this.loading?.catch(() => undefined)
    await this.save().catch(this.options.logError)
    this.loaded = undefined
    this.stopDecoding()
    this.options.budget?.forget(this)
  }

  /**
   * Reads and decodes the vector rows the load left as bytes or unread (`SearchIndex.prepareVectors`) in
   * the background, once the index has not been used for `decodeIdleMs` (rows read: the server's
   * snapshot is read whole) or `readIdleMs` (rows not read: the browser's is read a range at a time),
   * then a slice at a time while it goes unused (`pauseWhileUnused`). With hash-v1 only a search whose
   * keywords find fewer passages than it asks for, or a change, needs them, and at 139k passages such a
   * search after a cold start waited about 1 s for them, in one piece (0.1-0.4 s when already read):
   * now it waits for what is left. A cold start's first search pays for none of it, and the snapshot's
   * buffer, which rows read are views of, goes once they are decoded. Each use starts the wait again.
   */
  private decodeVectorsSoon(): void {
    const loaded = this.loaded
    if (!loaded || this.closed || this.preparing === loaded.index) return
    const { index } = loaded
    const read = index.holdsSnapshotBytes
    if (!read && !index.hasUnreadVectors) return
    this.stopDecoding()
    this.decodeTimer = setTimeout(
      () => {
        this.decodeTimer = undefined
        if (this.loaded !== loaded || this.closed) return
        if (this.busy) return this.decodeVectorsSoon()
        this.preparing = index
        // Unreadable rows go to `unreadable`, which rebuilds on the next use.
        index
          .prepareVectors(this.pauseWhileUnused(loaded))
          .catch(this.options.logError)
          .finally(() => {
            if (this.preparing === index) this.preparing = undefined
          })
      },
      read ? (this.options.decodeIdleMs ?? PREPARE_IDLE_MS) : (this.options.readIdleMs ?? PREPARE_IDLE_MS),
    )
    unrefTimer(this.decodeTimer)
  }

  /**
   * A pause for background work on `loaded`'s index: after `backgroundSliceMs` of work since the last,
   * it waits until nothing has used the index for `warmQuietMs`, so that a search asked meanwhile waits
   * for one slice at most. Once the index is let go it never ends: the work is dropped with the index.
   */
  private pauseWhileUnused(loaded: Loaded): () => Promise<void> {
    const quiet = this.options.warmQuietMs ?? WARM_QUIET_MS
    const slice = this.options.backgroundSliceMs ?? BACKGROUND_SLICE_MS
    let since = performance.now()
    return async () => {
      if (performance.now() - since < slice) return
      for (;;) {
        const quietIn = this.lastUse + quiet - performance.now()
        const wait = this.busy ? WARM_BUSY_WAIT_MS : Math.max(1, quietIn)
        await new Promise((resolve) => unrefTimer(setTimeout(resolve, wait)))
        if (this.loaded !== loaded || this.closed) return new Promise<never>(() => {})
        if (!this.busy && this.lastUse + quiet <= performance.now()) break
      }
      since = performance.now()
    }
  }

  /**
   * A JavaScript engine compiles a function's fast code only once it has run many times: a page's first
   * 40 searches at 139k passages ran BM25 several times slower than the same searches after a hundred
   * others (browser-large; docs/decisions/0012-search-warm-up-in-quiet-slices.md), and a person's first
   * searches after opening the app are those. So, once per loaded index, after its first search,
   * `WARM_SEARCHES` searches of the index's own words (`SearchIndex.sampleQuery`) are run as that search
   * was, keywords only (no vector pass, no store read), their results dropped: `WARM_SLICE_MS` at a time,
   * and only once nothing has used the index for `warmQuietMs`, so searches asked one after another run
   * none between them and a person's search waits at most one slice.
   */
  private warmUpSoon(given: readonly WarmUpShape[] = [], searches = WARM_SEARCHES): void {
    const loaded = this.loaded
    const shapes = given.length > 0 ? given : this.lastRequest ? [this.lastRequest] : this.warmShapes
    if (!loaded || this.closed || shapes.length === 0 || this.warmed === loaded) return
    this.warmed = loaded
    this.warmShapes = shapes
    const run = ++this.warmUps
    const quiet = this.options.warmQuietMs ?? WARM_QUIET_MS
    let n = 0
    const step = () => {
      if (this.loaded !== loaded || this.closed || run !== this.warmUps || n >= searches) return
      const quietIn = this.lastUse + quiet - performance.now()
      if (!this.busy && quietIn <= 0) {
        const until = performance.now() + WARM_SLICE_MS
        do {
          const query = loaded.index.sampleQuery(n++)
          if (query === '') return
          const shape = shapes[n % shapes.length]!
          // The keyword path runs to its end before `search` returns; the promise is only its result.
          loaded.index
            .search({ ...shape, query, queryVector: null, embedder: null, exactVectors: NO_VECTORS })
            .catch(() => undefined)
        } while (n < searches && performance.now() < until)
        this.lastWarmUp = performance.now()
      }
      unrefTimer(setTimeout(step, this.busy ? WARM_BUSY_WAIT_MS : Math.max(0, quietIn)))
    }
    unrefTimer(setTimeout(step, quiet))
  }

  private stopDecoding(): void {
    if (this.decodeTimer !== undefined) clearTimeout(this.decodeTimer)
    this.decodeTimer = undefined
  }

  private load(): Promise<Loaded> {
    if (this.loaded) return Promise.resolve(this.loaded)
    if (this.closed) return Promise.reject(new Error('The search index is closed'))
    this.loading ??= this.loadNow().finally(() => (this.loading = undefined))
    return this.loading
  }

  private async loadNow(): Promise<Loaded> {
    const ignoreSnapshot = this.rebuildNext
    this.rebuildNext = false
    const mine: { index?: SearchIndex } = {}
    const { index, covered, from, documentsRead, outdated } = await loadSearchIndex(
      this.options.store,
      this.options.logError,
      { ignoreSnapshot, onUnreadable: (error) => this.unreadable(error, mine.index) },
    )
    mine.index = this.loadingIndex = index
    // Changes announced while loading may or may not be in what was read: read those documents again.
    let reread = false
    while (this.changedWhileLoading.size > 0 || this.collectionRemovedWhileLoading) {
      if (this.collectionRemovedWhileLoading) {
        this.collectionRemovedWhileLoading = false
        const versions = await this.options.store.documentVersions()
        for (const id of covered.keys()) if (!versions.has(id)) this.changedWhileLoading.add(id)
      }
      const ids = [...this.changedWhileLoading]
      this.changedWhileLoading.clear()
      reread ||= ids.length > 0
      for (const id of ids) {
        const fresh = await this.options.store.documentChunks(id)
        await index.replaceDocument(id, fresh?.chunks ?? [])
        if (fresh) covered.set(id, fresh.version)
        else covered.delete(id)
      }
    }
    this.loadingIndex = undefined
    // Found unreadable while the load brought it up to date: rebuilt at once (no snapshot read then).
    if (this.rebuildNext) return this.loadNow()
    // A snapshot of an earlier format is written again as this build writes it.
    const saved = from === 'snapshot' && documentsRead === 0 && !reread && !outdated
    this.loaded = { index, covered, dirty: new Set(), saved, changedAt: new Map(), checked: new Map() }
    if (!saved) this.scheduleSave()
    this.options.budget?.touch(this)
    this.decodeVectorsSoon()
    return this.loaded
  }

  /**
   * A part of a snapshot read or decoded on first use (`SearchIndex.fromBytes`: an embedder's vector
   * rows, a term's packed postings) was unreadable: that index lacks it, so it is let go unsaved (the
   * search that found out answers without it) and the next use rebuilds it from the store, as a load
   * does with any unreadable snapshot. The snapshot's checksum already rules out damage: only bytes a
   * writer of another build made, or a Blob that could not be read again, can get here.
   */
  private unreadable(error: unknown, index: SearchIndex | undefined): void {
    // Undefined: the load under way. An index let go before (another of its parts) concerns nobody now.
    if (index !== undefined && index !== this.loaded?.index && index !== this.loadingIndex) return
    const why = error instanceof Error ? error.message : String(error)
    this.options.logError(
      new Error(`Search index snapshot ignored on first use (${why}); rebuilding it from the stored chunks`),
    )
    this.rebuildNext = true
    if (index === undefined || index !== this.loaded?.index) return
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    this.stopDecoding()
    this.loaded = undefined
    this.options.budget?.forget(this)
  }

  private changeNow(documentIds: readonly string[], change: (index: SearchIndex) => void): void {
    const loaded = this.loaded
    if (!loaded) {
      if (this.loading) for (const id of documentIds) this.changedWhileLoading.add(id)
      return
    }
    this.changes++
    for (const id of documentIds) {
      loaded.dirty.add(id)
      loaded.changedAt.set(id, this.changes)
    }
    change(loaded.index)
    this.scheduleSave()
  }

  /**
   * The version to record for a document: the store's, when the index holds exactly the store's chunk
   * ids (read as `fresh`); null (unknown: read again at load) when not; undefined when neither has it.
   */
  private compare(
    loaded: Loaded,
    id: string,
    fresh: { version: string; ids: string[] } | undefined,
  ): string | null | undefined {
    const held = loaded.index.documentChunkIds(id)
    if (!fresh) return held.length === 0 ? undefined : null
    const ids = new Set(held)
    const same = ids.size === fresh.ids.length && fresh.ids.every((chunkId) => ids.has(chunkId))
    return same ? fresh.version : null
  }

  /**
   * Compares a replaced document with the store now, one document at a time in the background, so that
   * a save after a big folder need not: in Chromium reading a document's chunk ids costs about as much
   * as reading its chunks (50-90 ms each, every index entry checked), and the 200 documents' check took
   * 36 s after the last one was processed, the snapshot written 45 s after it. A result counts only if
   * the document did not change while it was read (`changedAt`), and is dropped by any later change;
   * a save checks what has no such result as before. Failures are left to the save's own check.
   */
  private checkSoon(loaded: Loaded, documentId: string): void {
    this.toCheck.add(documentId)
    if (this.checking) return
    this.checking = true
    void (async () => {
      try {
        for (const id of this.toCheck) {
          this.toCheck.delete(id)
          if (this.loaded !== loaded || this.closed) break
          if (this.replacingDocuments.has(id)) continue
          const before = this.changes
          const fresh = await this.options.store.documentChunkIds(id).catch(() => null)
          if (fresh === null || this.loaded !== loaded) continue
          const last = loaded.changedAt.get(id) ?? 0
          if (last > before || this.replacingDocuments.has(id) || !loaded.dirty.has(id)) continue
          loaded.checked.set(id, { version: this.compare(loaded, id, fresh), at: this.changes })
        }
      } finally {
        this.checking = false
        this.toCheck.clear()
      }
    })()
  }

  private scheduleSave(): void {
    if (this.closed) return
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = setTimeout(() => this.saveWhenQuiet(performance.now()), this.options.settleMs ?? 10_000)
    // A pending save must not keep a Node process alive (the space's close saves anyway).
    unrefTimer(this.timer)
  }

  /** Saves once the index has not been used for `saveQuietMs`, or `MAX_SAVE_WAIT_MS` after `settled`. */
  private saveWhenQuiet(settled: number): void {
    this.timer = undefined
    const wait = this.lastUse + (this.options.saveQuietMs ?? 2_000) - performance.now()
    if (wait > 0 && performance.now() - settled < MAX_SAVE_WAIT_MS) {
      this.timer = setTimeout(() => this.saveWhenQuiet(settled), wait)
      unrefTimer(this.timer)
      return
    }
    this.save().catch(() => undefined)
  }

  private async saveNow(): Promise<void> {
    const loaded = this.loaded
    if (!loaded || (loaded.saved && loaded.dirty.size === 0)) return
    if (this.replacing > 0) {
      // A replacement under way would make this snapshot stale at once: save after it.
      this.scheduleSave()
      return
    }
    const started = this.changes
    const checked = new Map<string, string | null | undefined>()
    for (const id of loaded.dirty) {
      const early = loaded.checked.get(id)
      if (early && early.at >= (loaded.changedAt.get(id) ?? 0)) {
        checked.set(id, early.version)
        continue
      }
      checked.set(id, this.compare(loaded, id, await this.options.store.documentChunkIds(id)))
    }
    if (this.changes !== started || this.loaded !== loaded) {
      this.scheduleSave()
      return
    }
    for (const [id, version] of checked) {
      if (version === undefined) loaded.covered.delete(id)
      else loaded.covered.set(id, version)
      loaded.dirty.delete(id)
      loaded.checked.delete(id)
    }
    // In steps with the event loop let run in between (seconds at 100k chunks in one go); a change
    // meanwhile makes the bytes a mix of before and after: given up, saved once things settle.
    const slice = timeSlicer()
    const changed = new Error('changed while saved')
    let parts: SearchIndexBytes
    try {
      parts = await loaded.index.toBytesInSteps(async () => {
        await slice()
        if (this.changes !== started || this.loaded !== loaded) throw changed
      })
    } catch (error) {
      if (error !== changed) throw error
      this.scheduleSave()
      return
    }
    const bytes = encodeIndexSnapshot({ covered: loaded.covered, index: parts })
    await this.options.store.writeSnapshot(bytes)
    if (this.changes === started) loaded.saved = true
    // The first search after a save was slow: at 139k passages in the page, 26-49 ms in the index against
    // 5 before it (a major collection of the save's copies of the index began in it, and its code ran
    // slower). Keyword searches in the quiet after the save take that instead of a person's.
    if (this.warmed === loaded) {
      this.warmed = undefined
      this.warmUpSoon([], AFTER_SAVE_SEARCHES)
    }
  }
}

/** Lets Node exit with the timer pending (a server stopping); browsers' timers have no `unref`. */
function unrefTimer(timer: ReturnType<typeof setTimeout> | undefined): void {
  ;(timer as { unref?: () => void } | undefined)?.unref?.()
}

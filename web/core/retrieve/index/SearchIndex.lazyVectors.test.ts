import { describe, expect, it, vi } from 'vitest'
import type { ChunkRecord } from '../../store/ChunkRecord'
import { decodeIndexSnapshot } from '../snapshot/decodeIndexSnapshot'
import { encodeIndexSnapshot } from '../snapshot/encodeIndexSnapshot'
import { readIndexSnapshot } from '../snapshot/readIndexSnapshot'
import { snapshotFileOf } from '../snapshot/SnapshotFile'
import { exactVectorsOf } from './ExactVectors'
import { type SearchRequest, SearchIndex } from './SearchIndex'
import { VECTOR_ROWS_HEADER_BYTES } from './VectorRows'
import { scaledTimeout } from '../../testing/node/scaledTimeout'

function chunk(id: string, collection: string, text: string, vector: number[] | null): ChunkRecord {
  return {
    id,
    document_id: `doc-${id[0]}`,
    collection_id: collection,
    index: 0,
    text,
    page: null,
    heading: id === 'a1' ? 'Harbour' : null,
    token_count: 3,
    embedder: vector ? 'test-v1' : null,
    vector: vector ? Float32Array.from(vector) : null,
  }
}

/** The chunks of `MAIN_SNAPSHOT`, as they were indexed when it was written (b1 replaced once). */
const CHUNKS = [
  chunk('a1', 'c1', 'harbour bridge castle over the river', [1, 0, 0.2]),
  chunk('a2', 'c1', 'castle museum by the river bank', [0.1, 1, 0]),
  chunk('b2', 'c2', 'a river without vectors', null),
  chunk('c1', 'c2', 'museum of the castle town', [0, 0.3, 1]),
  chunk('b1', 'c1', 'bridge tolls, river ferries and a castle', [0.6, 0.8, 0]),
]

/**
 * A snapshot written by `main` before vector rows were decoded lazily (commit f621ac1, `SearchIndex
 * .fromChunks` of the first four chunks above and b1's first version, b1 then removed and added as
 * above, `encodeIndexSnapshot`): the format did not change, and such a snapshot must load as it did.
 */
const MAIN_SNAPSHOT =
  'gQAAAHsiZm9ybWF0IjoicXVpcmUtaW5kZXgtc25hcHNob3QiLCJ2ZXJzaW9uIjoxLCJjb3ZlcmVkIjpbWyJkb2MtYSIsIjE6MSJdLFsiZG9jLWIiLCIyOjEiXSxbImRvYy1jIiwiMzoxIl1dLCJlbWJlZGRlcnMiOlsidGVzdC12MSJdfXgCAAAIAAAAUUJNMgMAAAAwAAAAeyJjaHVua3MiOjUsInRlcm1zIjoxNSwiYXZlcmFnZUxlbmd0aHMiOls0LjYsMV19FAAAAAIAAAACAAAAAgAAAAIAAAACAAAACgAAAGExYTJiMmMxYjEIAAAAAgAAAAIAAAAEAAAAYzFjMhQAAAAAAAAAAAAAAAEAAAABAAAAAAAAAAwAAAAFAAAABQAAAAUAAAAPAAAAZG9jLWFkb2MtYmRvYy1jFAAAAAAAAAAAAAAAAQAAAAIAAAABAAAAKAAAAAUAAAABAAAABAAAAP////8EAAAA/////wMAAAD/////BwAAAP////88AAAABAAAAAYAAAAGAAAABwAAAAUAAAAHAAAABgAAAAQAAAAFAAAABAAAAAUAAAAEAAAABgAAAAcAAAAHAAAAUwAAAGJhbmticmlkZ2VjYXN0bGVmZXJyaWVzZmVycnloYXJib3VybXVzZXVtb3ZlcnJpdmVydG9sbHRvbGxzdG93bnZlY3RvcnZlY3RvcnN3aXRob3V0fAAAAAAAAAABAAAAAQAAAAMAAAADAAAABwAAAAcAAAAIAAAACAAAAAkAAAAJAAAACgAAAAsAAAANAAAADQAAAA4AAAAOAAAAEgAAABIAAAATAAAAEwAAABQAAAAUAAAAFQAAABUAAAAWAAAAFgAAABcAAAAXAAAAGAAAABgAAABgAAAAQQAAAAEAAAABAQAAAQAAAEEAAADBAAAAAQEAAAEBAAABAQAAAQAAAAEAAABBAAAAwQAAAAEAAAABAAAAQQAAAIEAAAABAQAAAQEAAAEBAADBAAAAgQAAAIEAAACBAAAAAAAAABUBAABRVkVDAgAAAAMAAAAEAAAAfQAAAAAAAACxWCwWK6B/PzqdTqfDC4A/vV6v10vkfj9BIBAINM15P4CtVqvtTGk/wO/3+1FBYz8AgL/fr7ZIPwAgEAhEzVk/AAAAAAAAAAABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB/ABkAAAAAAA1/AAAAAAAAACZ/AAAAAABffwAAAAAAAHsiaWRzIjpbImExIiwiYTIiLCJjMSIsImIxIl0sImRvY3VtZW50cyI6WyJkb2MtYSIsImRvYy1hIiwiZG9jLWMiLCJkb2MtYiJdLCJjb2xsZWN0aW9ucyI6WyJjMSIsImMyIl0sImVtYmVkZGVycyI6WyJ0ZXN0LXYxIl19BiIHNQ=='

/** Exact vectors of the chunks that have one. */
const vectorsOf = (chunks: readonly ChunkRecord[]) =>
  exactVectorsOf(
    chunks.flatMap(({ id, embedder, vector }) => (vector && embedder ? [{ id, embedder, vector }] : [])),
  )

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))

function request(overrides: Partial<SearchRequest> = {}): SearchRequest {
  return {
    query: 'castle river bridge',
    queryVector: Float32Array.of(0.8, 0.5, 0.1),
    embedder: 'test-v1',
    exactVectors: vectorsOf(CHUNKS),
    limit: 10,
    mode: 'hybrid',
    similarityThreshold: 0,
    ...overrides,
  }
}

/** Every kind of search the index answers, each over all collections and over one. */
const REQUESTS: Array<Partial<SearchRequest>> = [
  { mode: 'bm25' },
  { mode: 'hybrid', vectorWeight: 0 },
  { mode: 'hybrid', vectorWeight: 0, query: 'museum', limit: 3 },
  { mode: 'hybrid', vectorWeight: 1 },
  { mode: 'vector' },
  { mode: 'hybrid', vectorWeight: 1, collectionIds: ['c2'] },
  { mode: 'hybrid', vectorWeight: 0, collectionIds: ['c2'], query: 'river' },
  { mode: 'vector', collectionIds: ['c1'], limit: 2 },
]

async function answers(index: SearchIndex): Promise<unknown[]> {
  const out: unknown[] = []
  for (const overrides of REQUESTS) out.push(await index.search(request(overrides)))
  return out
}

function lazyCopy(index: SearchIndex, options?: Parameters<typeof SearchIndex.fromBytes>[1]): SearchIndex {
  return SearchIndex.fromBytes(
    decodeIndexSnapshot(encodeIndexSnapshot({ covered: new Map(), index: index.toBytes() })).index,
    options,
  )
}

describe('SearchIndex.fromBytes: vector rows decoded on first use', () => {
  it('answers every search as the index it was written from, and as with its rows decoded at once', async () => {
    const built = SearchIndex.fromChunks(CHUNKS)
    const lazy = lazyCopy(built)
    const eager = lazyCopy(built)
    eager.decodeVectors()
    expect(eager.hasUndecodedVectors).toBe(false)
    const expected = await answers(built)
    expect(await answers(lazy)).toEqual(expected)
    expect(await answers(eager)).toEqual(expected)
  })

  it('decodes nothing for a search BM25 alone answers, nor to count or to save the rows', async () => {
    const lazy = lazyCopy(SearchIndex.fromChunks(CHUNKS))
    expect(lazy.vectorCount('test-v1')).toBe(4)
    // hash-v1's case: weighted 0, the keywords fill the limit. Then an embedder, and a collection,
    // with no rows: asked of the undecoded rows' tables, answered with BM25.
    const keywords = await lazy.search(request({ vectorWeight: 0, limit: 2 }))
    expect(keywords.method).toBe('hybrid')
    expect((await lazy.search(request({ vectorWeight: 1, embedder: 'other-v1' }))).method).toBe('bm25')
    expect((await lazy.search(request({ vectorWeight: 1, collectionIds: ['c3'] }))).method).toBe('bm25')
    const c2 = await lazy.search(request({ vectorWeight: 0, collectionIds: ['c2'], limit: 1 }))
    expect(c2.method).toBe('hybrid')
    expect(lazy.hasUndecodedVectors).toBe(true)
    const bytes = lazy.toBytes()
    expect(lazy.hasUndecodedVectors).toBe(true)
    expect(await answers(SearchIndex.fromBytes(bytes))).toEqual(await answers(SearchIndex.fromChunks(CHUNKS)))
    // A vector search decodes them, and answers as the index written.
    const vector = await lazy.search(request({ mode: 'vector' }))
    expect(lazy.hasUndecodedVectors).toBe(false)
    expect(vector).toEqual(await SearchIndex.fromChunks(CHUNKS).search(request({ mode: 'vector' })))
  })

  it('keeps changes made before the rows were decoded: adds, replacements and removals', async () => {
    const added = chunk('d1', 'c1', 'a new castle by the bridge', [0.9, 0.4, 0])
    const replaced = [chunk('a1', 'c1', 'harbour bridge, rebuilt', [0.2, 0.2, 1])]
    const change = async (index: SearchIndex) => {
      index.add([added])
      await index.replaceDocument('doc-a', replaced)
      index.removeDocument('doc-c')
      index.remove(['b1'])
    }
    const built = SearchIndex.fromChunks(CHUNKS)
    const lazy = lazyCopy(built)
    await change(built)
    await change(lazy)
    const all = [...CHUNKS, added, ...replaced]
    const ask = (overrides: Partial<SearchRequest>) => request({ ...overrides, exactVectors: vectorsOf(all) })
    for (const overrides of REQUESTS)
      expect(await lazy.search(ask(overrides))).toEqual(await built.search(ask(overrides)))
    expect(lazy.vectorCount('test-v1')).toBe(2)
    expect((await lazy.search(ask({ mode: 'vector' }))).results.map((hit) => hit.id).sort()).toEqual([
      'a1',
      'd1',
    ])
  })

  it('loads a snapshot written before (main, f621ac1) and answers as the chunks it holds', async () => {
    const snapshot = decodeIndexSnapshot(bytesOf(MAIN_SNAPSHOT))
    expect([...snapshot.covered.keys()]).toEqual(['doc-a', 'doc-b', 'doc-c'])
    const loaded = SearchIndex.fromBytes(snapshot.index)
    expect(loaded.size).toBe(5)
    expect(loaded.vectorCount('test-v1')).toBe(4)
    expect(await answers(loaded)).toEqual(await answers(SearchIndex.fromChunks(CHUNKS)))
    // Saved again before anything decoded the rows: the same bytes as before.
    const again = SearchIndex.fromBytes(snapshot.index)
    expect(again.toBytes().vectors).toEqual(snapshot.index.vectors)
  })

  it('tells onUnreadable when rows fail the checks only decoding makes, and answers with BM25', async () => {
    const parts = SearchIndex.fromChunks(CHUNKS).toBytes()
    const rows = parts.vectors[0]!.rows.slice()
    // A step that is not a length: the header still reads, so this is found on first use.
    new DataView(rows.buffer).setFloat64(VECTOR_ROWS_HEADER_BYTES, -1, true)
    const damaged = { ...parts, vectors: [{ embedder: 'test-v1', rows }] }
    const told = vi.fn()
    const lazy = SearchIndex.fromBytes(damaged, { onUnreadable: told })
    expect(told).not.toHaveBeenCalled()
    const response = await lazy.search(request({ vectorWeight: 1 }))
    expect(told).toHaveBeenCalledWith(expect.any(RangeError))
    expect(response).toEqual(await SearchIndex.fromChunks(CHUNKS).search(request({ mode: 'bm25' })))
    expect(lazy.vectorCount('test-v1')).toBe(0)
    // Without a listener, whatever needed the rows gets the RangeError, and a change changes nothing.
    const strict = SearchIndex.fromBytes(damaged)
    expect(() => strict.add([chunk('d1', 'c1', 'new', [1, 0, 0])])).toThrow(/not a length/)
    expect(strict.size).toBe(5)
    await expect(strict.search(request({ mode: 'vector' }))).rejects.toThrow(/not a length/)
    expect(strict.vectorCount('test-v1')).toBe(4)
    // Another format version is still refused at load.
    const otherVersion = parts.vectors[0]!.rows.slice()
    new DataView(otherVersion.buffer).setUint32(4, 1, true)
    expect(() =>
      SearchIndex.fromBytes({ ...parts, vectors: [{ embedder: 'test-v1', rows: otherVersion }] }),
    ).toThrow(/format version 1/)
  })
})

/** The index's snapshot read a range at a time (`readIndexSnapshot`), counting the ranges read after it. */
async function unreadCopy(index: SearchIndex, options?: Parameters<typeof SearchIndex.fromBytes>[1]) {
  const file = snapshotFileOf(encodeIndexSnapshot({ covered: new Map(), index: index.toBytes() }))
  const reads = { count: 0, fail: false }
  const snapshot = await readIndexSnapshot({
    size: file.size,
    read: (start, end) => {
      reads.count++
      return reads.fail ? Promise.reject(new Error('the stored Blob is gone')) : file.read(start, end)
    },
  })
  reads.count = 0
  return { index: SearchIndex.fromBytes(snapshot.index, options), reads }
}

describe('SearchIndex.fromBytes: vector rows read on first use (a snapshot read in ranges)', () => {
  it('reads no rows for a search BM25 alone answers, nor to count them; a vector pass reads them once', async () => {
    const built = SearchIndex.fromChunks(CHUNKS)
    const { index, reads } = await unreadCopy(built)
    expect(index.hasUnreadVectors).toBe(true)
    expect(index.vectorCount('test-v1')).toBe(4)
    expect(await index.search(request({ mode: 'bm25' }))).toEqual(
      await built.search(request({ mode: 'bm25' })),
    )
    const filled = request({ vectorWeight: 0, limit: 2 })
    expect(await index.search(filled)).toEqual(await built.search(filled))
    const c2 = request({ vectorWeight: 0, collectionIds: ['c2'], limit: 1 })
    expect(await index.search(c2)).toEqual(await built.search(c2))
    // Collections and embedders without rows: the summary says so, BM25 answers.
    expect((await index.search(request({ vectorWeight: 1, collectionIds: ['c3'] }))).method).toBe('bm25')
    expect((await index.search(request({ vectorWeight: 1, embedder: 'other-v1' }))).method).toBe('bm25')
    index.decodeVectors()
    expect(reads.count).toBe(0)
    expect(index.hasUnreadVectors).toBe(true)
    expect(await answers(index)).toEqual(await answers(built))
    expect(reads.count).toBe(1)
    expect(index.hasUnreadVectors).toBe(false)
  })

  it('keeps changes made before the rows are read, begins their read, and applies the changes in order', async () => {
    const added = chunk('d1', 'c1', 'a new castle by the bridge', [0.9, 0.4, 0])
    const again = chunk('d1', 'c2', 'the new castle moved, without its vector', null)
    const change = (index: SearchIndex) => {
      index.add([added])
      index.removeDocument('doc-c')
      index.add([again])
      index.remove(['b1'])
      index.removeCollection('c9')
    }
    const built = SearchIndex.fromChunks(CHUNKS)
    const { index, reads } = await unreadCopy(built)
    change(built)
    change(index)
    expect(() => index.vectorCount('test-v1')).toThrow(/prepareVectors/)
    // The keywords see the changes at once.
    expect(await index.search(request({ mode: 'bm25' }))).toEqual(
      await built.search(request({ mode: 'bm25' })),
    )
    const all = [...CHUNKS, added, again]
    const ask = (overrides: Partial<SearchRequest>) => request({ ...overrides, exactVectors: vectorsOf(all) })
    for (const overrides of REQUESTS)
      expect(await index.search(ask(overrides))).toEqual(await built.search(ask(overrides)))
    expect(reads.count).toBe(1)
    expect(index.vectorCount('test-v1')).toBe(2)
    expect(index.hasUndecodedVectors).toBe(false)
    // Saved, the changes are in the bytes.
    expect(await answers(SearchIndex.fromBytes(index.toBytes()))).toEqual(await answers(built))
  })

  it('reads rows a change has begun to read, and decodes them, without a search', async () => {
    const { index, reads } = await unreadCopy(SearchIndex.fromChunks(CHUNKS))
    index.removeDocument('doc-c')
    await vi.waitFor(() => expect(index.hasUndecodedVectors).toBe(false), { timeout: scaledTimeout(1000) })
    expect(reads.count).toBe(1)
    expect(index.vectorCount('test-v1')).toBe(3)
  })

  it('replaces a document before the rows are read as after', async () => {
    const replaced = [chunk('a1', 'c1', 'harbour bridge, rebuilt', [0.2, 0.2, 1])]
    const built = SearchIndex.fromChunks(CHUNKS)
    const { index } = await unreadCopy(built)
    await Promise.all([built.replaceDocument('doc-a', replaced), index.replaceDocument('doc-a', replaced)])
    const ask = (overrides: Partial<SearchRequest>) =>
      request({ ...overrides, exactVectors: vectorsOf([...CHUNKS, ...replaced]) })
    for (const overrides of REQUESTS)
      expect(await index.search(ask(overrides))).toEqual(await built.search(ask(overrides)))
    // A vector of other dimensions is refused from the summary, before anything is read.
    const { index: other, reads } = await unreadCopy(built)
    await expect(other.replaceDocument('doc-z', [chunk('z1', 'c1', 'flat', [1, 0])])).rejects.toThrow(
      /expected 3/,
    )
    expect(reads.count).toBe(0)
  })

  it('reads unread rows to save them, the same bytes as they were written', async () => {
    const built = SearchIndex.fromChunks(CHUNKS)
    const { index, reads } = await unreadCopy(built)
    expect(() => index.toBytes()).toThrow(/not read/)
    const bytes = await index.toBytesInSteps(async () => undefined)
    expect(reads.count).toBe(1)
    expect(bytes).toEqual(built.toBytes())
  })

  it('tells onUnreadable when the rows cannot be read, and answers with BM25', async () => {
    const told = vi.fn()
    const { index, reads } = await unreadCopy(SearchIndex.fromChunks(CHUNKS), { onUnreadable: told })
    reads.fail = true
    const response = await index.search(request({ vectorWeight: 1 }))
    expect(told).toHaveBeenCalledWith(expect.objectContaining({ message: 'the stored Blob is gone' }))
    expect(response).toEqual(await SearchIndex.fromChunks(CHUNKS).search(request({ mode: 'bm25' })))
    expect(index.vectorCount('test-v1')).toBe(0)
    // Without a listener, whatever needs the rows is refused alike.
    const { index: strict, reads: strictReads } = await unreadCopy(SearchIndex.fromChunks(CHUNKS))
    strictReads.fail = true
    await expect(strict.search(request({ mode: 'vector' }))).rejects.toThrow('the stored Blob is gone')
    await expect(strict.search(request({ mode: 'vector' }))).rejects.toThrow('the stored Blob is gone')
    await expect(strict.toBytesInSteps(async () => undefined)).rejects.toThrow('the stored Blob is gone')
  })
})

/** A pause that waits until released: `until(n)` waits for n pauses asked, `release` ends those waiting. */
function gate() {
  const waiting: Array<() => void> = []
  return {
    asked: 0,
    pause(): Promise<void> {
      this.asked++
      return new Promise<void>((resolve) => waiting.push(resolve))
    },
    async until(n: number) {
      await vi.waitFor(() => expect(this.asked).toBeGreaterThanOrEqual(n), { timeout: scaledTimeout(1000) })
    },
    release() {
      for (const resolve of waiting.splice(0)) resolve()
    },
  }
}

/** Releases the gate's pauses until `work` ends. */
async function releasing<T>(work: Promise<T>, paused: ReturnType<typeof gate>): Promise<T> {
  let ended = false
  const done = work.finally(() => (ended = true))
  while (!ended) {
    paused.release()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return done
}

describe('SearchIndex.prepareVectors: rows read and decoded in the background, a step at a time', () => {
  it('reads and decodes the rows with pauses between steps, and answers as the index written', async () => {
    const built = SearchIndex.fromChunks(CHUNKS)
    const { index, reads } = await unreadCopy(built)
    const paused = gate()
    await releasing(
      index.prepareVectors(() => paused.pause()),
      paused,
    )
    // A range read, then the decode's steps.
    expect(paused.asked).toBeGreaterThanOrEqual(4)
    expect(reads.count).toBe(1)
    expect(index.hasUndecodedVectors).toBe(false)
    expect(await answers(index)).toEqual(await answers(built))
    // Rows read with the snapshot: decoded, and the snapshot's bytes let go.
    const read = lazyCopy(built)
    expect(read.holdsSnapshotBytes).toBe(true)
    await read.prepareVectors(async () => undefined)
    expect(read.holdsSnapshotBytes).toBe(false)
    expect(read.hasUndecodedVectors).toBe(false)
    expect(await answers(read)).toEqual(await answers(built))
  })

  it('ends its pauses for a search that needs the rows meanwhile, which answers as the index written', async () => {
    const built = SearchIndex.fromChunks(CHUNKS)
    const vector = request({ mode: 'vector' })
    const expected = await built.search(vector)
    // Paused in the read (rows not read), and in the decode (rows read with the snapshot).
    for (const index of [(await unreadCopy(built)).index, lazyCopy(built)]) {
      const paused = gate()
      const preparing = index.prepareVectors(() => paused.pause())
      await paused.until(1)
      // Nothing released: the search ends the pauses, waits for the rest, and the work ends with it.
      expect(await index.search(vector)).toEqual(expected)
      await preparing
      expect(index.hasUndecodedVectors).toBe(false)
      expect(await answers(index)).toEqual(await answers(built))
    }
  })

  it('applies changes made while the rows were decoded in steps', async () => {
    const added = chunk('d1', 'c1', 'a new castle by the bridge', [0.9, 0.4, 0])
    const built = SearchIndex.fromChunks(CHUNKS)
    const index = lazyCopy(built)
    const paused = gate()
    const preparing = index.prepareVectors(() => paused.pause())
    // Paused after the rows' parse: the changes wait for the rest of the decode.
    await paused.until(1)
    for (const changed of [built, index]) {
      changed.add([added])
      changed.removeDocument('doc-c')
    }
    await releasing(preparing, paused)
    expect(index.hasUndecodedVectors).toBe(false)
    expect(index.vectorCount('test-v1')).toBe(4)
    const all = [...CHUNKS, added]
    const ask = (overrides: Partial<SearchRequest>) => request({ ...overrides, exactVectors: vectorsOf(all) })
    for (const overrides of REQUESTS)
      expect(await index.search(ask(overrides))).toEqual(await built.search(ask(overrides)))
  })

  it('tells onUnreadable of rows that cannot be decoded, and answers with BM25', async () => {
    const parts = SearchIndex.fromChunks(CHUNKS).toBytes()
    const rows = parts.vectors[0]!.rows.slice()
    new DataView(rows.buffer).setFloat64(VECTOR_ROWS_HEADER_BYTES, -1, true)
    const told = vi.fn()
    const index = SearchIndex.fromBytes(
      { ...parts, vectors: [{ embedder: 'test-v1', rows }] },
      { onUnreadable: told },
    )
    await index.prepareVectors(async () => undefined)
    expect(told).toHaveBeenCalledTimes(1)
    expect(told).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/not a length/) }),
    )
    expect(index.vectorCount('test-v1')).toBe(0)
    expect(await index.search(request({ vectorWeight: 1 }))).toEqual(
      await SearchIndex.fromChunks(CHUNKS).search(request({ mode: 'bm25' })),
    )
  })
})

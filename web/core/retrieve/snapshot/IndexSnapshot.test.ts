import { describe, expect, it } from 'vitest'
import { encodeVersion1Snapshot } from '../../testing/indexSnapshotBytes'
import { seededRandom } from '../../testing/seededRandom'
import { SearchIndex, type SearchRequest } from '../index/SearchIndex'
import type { UnreadVectorRows } from '../index/UnreadVectorRows'
import { VectorIndex } from '../index/VectorIndex'
import { decodeIndexSnapshot } from './decodeIndexSnapshot'
import { encodeIndexSnapshot } from './encodeIndexSnapshot'
import { INDEX_SNAPSHOT_FORMAT, INDEX_SNAPSHOT_VERSION } from './IndexSnapshot'
import { PART_READ_BYTES, readIndexSnapshot } from './readIndexSnapshot'
import { snapshotFirstRead } from './snapshotFirstRead'
import { encodeSnapshotHead, SNAPSHOT_FIRST_READ, snapshotHeadBytes } from './snapshotHead'
import { type SnapshotFile, snapshotFileOf } from './SnapshotFile'

const chunk = (id: string, text: string, vector: number[] | null = null, collection = 'c1') => ({
  id,
  document_id: `doc-${id}`,
  collection_id: collection,
  index: 0,
  text,
  page: null,
  heading: null,
  token_count: 3,
  embedder: vector ? 'test-v1' : null,
  vector: vector ? Float32Array.from(vector) : null,
})

const covered = new Map<string, string | null>([
  ['doc-a', '1:1'],
  ['doc-b', null],
])

function snapshotBytes(): Uint8Array {
  const index = SearchIndex.fromChunks([
    chunk('a', 'harbour bridge castle', [1, 0, 0]),
    chunk('b', 'castle museum river', [0, 1, 0], 'c2'),
    chunk('c', 'no vector here', null, 'c3'),
  ])
  return encodeIndexSnapshot({ covered, index: index.toBytes() })
}

/** A `SnapshotFile` over the bytes that records every range read. */
function countedFile(bytes: Uint8Array): SnapshotFile & { reads: Array<[number, number]> } {
  const file = snapshotFileOf(bytes)
  const reads: Array<[number, number]> = []
  return {
    size: file.size,
    reads,
    read: (start, end) => {
      reads.push([start, end])
      return file.read(start, end)
    },
  }
}

const damagedAt = (bytes: Uint8Array, at: number) => {
  const damaged = bytes.slice()
  damaged[at] = damaged[at]! ^ 0x10
  return damaged
}

describe('index snapshot bytes', () => {
  it('carry the covered documents and an index that reads back', () => {
    const snapshot = decodeIndexSnapshot(snapshotBytes())
    expect([...snapshot.covered]).toEqual([...covered])
    expect(snapshot.outdated).toBeUndefined()
    expect(snapshot.index.vectors.map((vectors) => vectors.embedder)).toEqual(['test-v1'])
    const index = SearchIndex.fromBytes(snapshot.index)
    expect(index.size).toBe(3)
    expect(index.vectorCount('test-v1')).toBe(2)
    expect(index.documentChunkIds('doc-b')).toEqual(['b'])
  })

  it("read a range at a time: the head and BM25 at once, each embedder's rows only when asked", async () => {
    const bytes = snapshotBytes()
    const whole = decodeIndexSnapshot(bytes)
    const file = countedFile(bytes)
    const snapshot = await readIndexSnapshot(file)
    expect(snapshot.covered).toEqual(whole.covered)
    expect(snapshot.index.bm25).toEqual(whole.index.bm25)
    const rowsEnd = bytes.length
    const rowsStart = rowsEnd - (whole.index.vectors[0]!.rows as Uint8Array).length
    // Nothing read of the rows but what the first read of the head took with it.
    expect(file.reads.every(([start]) => start < rowsStart)).toBe(true)
    const unread = snapshot.index.vectors[0]!.rows as UnreadVectorRows
    expect(unread).toMatchObject({ count: 2, dimensions: 3, collections: ['c1', 'c2'] })
    file.reads.length = 0
    expect(await unread.read()).toEqual(whole.index.vectors[0]!.rows)
    expect(file.reads).toEqual([[rowsStart, rowsEnd]])
  })

  it('read rows a range at a time with a pause, checked as a whole', async () => {
    // 12k rows of 384 dimensions: over 4 MB of rows, more than one range.
    const vectors = new VectorIndex(384)
    const next = seededRandom(5)
    for (let i = 0; i < 12_000; i++) {
      const vector = Float32Array.from({ length: 384 }, () => next() - 0.5)
      vectors.add(`v${i}`, vector, { collection_id: 'c1', document_id: 'd1', embedder: 'test-v1' })
    }
    const rows = vectors.toBytes()
    expect(rows.length).toBeGreaterThan(PART_READ_BYTES)
    const bytes = encodeIndexSnapshot({
      covered,
      index: { bm25: new SearchIndex().toBytes().bm25, vectors: [{ embedder: 'test-v1', rows }] },
    })
    const file = countedFile(bytes)
    const unread = (await readIndexSnapshot(file)).index.vectors[0]!.rows as UnreadVectorRows
    file.reads.length = 0
    let pauses = 0
    // Compared whole: a deep equality of 4 MB goes byte by byte through the matcher (seconds).
    expect(Buffer.from(await unread.read(async () => void pauses++)).equals(rows)).toBe(true)
    const rowsStart = bytes.length - rows.length
    expect(file.reads).toEqual([
      [rowsStart, rowsStart + PART_READ_BYTES],
      [rowsStart + PART_READ_BYTES, bytes.length],
    ])
    expect(pauses).toBe(2)
    // Damage in the second range: the checksum over the whole part finds it.
    const damaged = damagedAt(bytes, bytes.length - 100)
    const rowsOfDamaged = (await readIndexSnapshot(snapshotFileOf(damaged))).index.vectors[0]!
      .rows as UnreadVectorRows
    await expect(rowsOfDamaged.read(async () => undefined)).rejects.toThrow(/checksum/)
  })

  it("read the head and BM25's part in one read where the store kept their length (snapshotFirstRead)", async () => {
    const index = SearchIndex.fromChunks(
      Array.from({ length: 800 }, (_, i) => chunk(`p${i}`, `word${i} otter${i % 37}`, [1, i, 0])),
    )
    const bytes = encodeIndexSnapshot({ covered, index: index.toBytes() })
    const whole = decodeIndexSnapshot(bytes)
    const headEnd = snapshotHeadBytes(bytes, bytes.length)
    const bm25End = headEnd + whole.index.bm25.length
    expect(bm25End).toBeGreaterThan(SNAPSHOT_FIRST_READ)
    expect(snapshotFirstRead(bytes)).toBe(bm25End)

    const hinted = countedFile(bytes)
    const snapshot = await readIndexSnapshot(hinted, bm25End)
    expect(hinted.reads).toEqual([[0, bm25End]])
    expect(snapshot.covered).toEqual(covered)
    // Compared as bytes: `toEqual` goes element by element, seconds for these.
    const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0
    expect(sameBytes(snapshot.index.bm25, whole.index.bm25)).toBe(true)
    const otters = { query: 'otter5', limit: 10, mode: 'bm25', similarityThreshold: 0 } as SearchRequest
    const found = await SearchIndex.fromBytes(snapshot.index).search(otters)
    expect(found.results.length).toBe(10)
    expect(found).toEqual(await SearchIndex.fromBytes(whole.index).search(otters))
    // Without it: the head's first read, then BM25's part.
    const plain = countedFile(bytes)
    expect(sameBytes((await readIndexSnapshot(plain)).index.bm25, whole.index.bm25)).toBe(true)
    expect(plain.reads).toEqual([
      [0, SNAPSHOT_FIRST_READ],
      [headEnd, bm25End],
    ])
    // A hint short of BM25's end costs the read after it; one past the end is cut to the snapshot; one
    // that is no length is not taken.
    for (const hint of [bm25End - 1, bytes.length * 2, -5, Number.NaN, 1.5]) {
      const file = countedFile(bytes)
      const read = await readIndexSnapshot(file, hint)
      expect(read.covered, `hint ${hint}`).toEqual(covered)
      expect(sameBytes(read.index.bm25, whole.index.bm25), `hint ${hint}`).toBe(true)
      expect(file.reads.every(([, end]) => end <= bytes.length)).toBe(true)
    }
    // Damage in BM25's part is refused as ever when it came with the first read.
    await expect(readIndexSnapshot(snapshotFileOf(damagedAt(bytes, bm25End - 5)), bm25End)).rejects.toThrow(
      /checksum/,
    )
    // Bytes that are no snapshot of this format have none: they are read as before.
    expect(snapshotFirstRead(encodeVersion1Snapshot(whole))).toBeUndefined()
    expect(snapshotFirstRead(Uint8Array.of(1, 2, 3))).toBeUndefined()
    expect(snapshotFirstRead(damagedAt(bytes, 10))).toBeUndefined()
  })

  it('read a head longer than the first read in a second read', async () => {
    const many = new Map(
      Array.from({ length: 3_000 }, (_, i) => [`a-document-of-a-long-name-${i}`, `${i}:1`]),
    )
    const index = SearchIndex.fromChunks([chunk('a', 'otter', [1, 2, 3])])
    const bytes = encodeIndexSnapshot({ covered: many, index: index.toBytes() })
    expect(snapshotHeadBytes(bytes, bytes.length)).toBeGreaterThan(64 * 1024)
    const snapshot = await readIndexSnapshot(snapshotFileOf(bytes))
    expect(snapshot.covered).toEqual(many)
    expect(SearchIndex.fromBytes(snapshot.index).size).toBe(1)
  })

  it('leave no bytes of a snapshot in use but vector rows read and not decoded yet', async () => {
    const bytes = snapshotBytes()
    const whole = SearchIndex.fromBytes(decodeIndexSnapshot(bytes).index)
    expect(whole.holdsSnapshotBytes).toBe(true)
    whole.decodeVectors()
    expect(whole.holdsSnapshotBytes).toBe(false)
    const ranged = SearchIndex.fromBytes((await readIndexSnapshot(snapshotFileOf(bytes))).index)
    expect(ranged.holdsSnapshotBytes).toBe(false)
    expect(ranged.hasUnreadVectors).toBe(true)
  })

  it('refuse a damaged byte anywhere, a cut, and another format version', async () => {
    const bytes = snapshotBytes()
    const headEnd = snapshotHeadBytes(bytes, bytes.length)
    const rowsStart = bytes.length - (decodeIndexSnapshot(bytes).index.vectors[0]!.rows as Uint8Array).length
    for (const at of [
      10,
      headEnd - 2,
      headEnd + 10,
      Math.floor(bytes.length / 2),
      rowsStart + 3,
      bytes.length - 1,
    ]) {
      const damaged = damagedAt(bytes, at)
      expect(() => decodeIndexSnapshot(damaged), `byte ${at}`).toThrow(/checksum/)
      // Read in ranges, damage among the rows is found when they are read.
      const read = readIndexSnapshot(snapshotFileOf(damaged))
      if (at < rowsStart) await expect(read, `byte ${at}`).rejects.toThrow(/checksum/)
      else
        await expect(((await read).index.vectors[0]!.rows as UnreadVectorRows).read()).rejects.toThrow(
          /checksum/,
        )
    }
    // Its length: the head's end is past the end, or the parts no longer fill the snapshot.
    expect(() => decodeIndexSnapshot(damagedAt(bytes, 0))).toThrow(RangeError)
    expect(() => decodeIndexSnapshot(bytes.subarray(0, bytes.length - 1))).toThrow(RangeError)
    await expect(readIndexSnapshot(snapshotFileOf(bytes.subarray(0, bytes.length - 1)))).rejects.toThrow(
      RangeError,
    )
    expect(() => decodeIndexSnapshot(new Uint8Array(3))).toThrow(RangeError)
    expect(() => decodeIndexSnapshot(new Uint8Array(64))).toThrow(RangeError)

    // A well-formed snapshot of another version, its head's checksum right: refused for its version.
    const head = (version: number) =>
      encodeSnapshotHead(
        new TextEncoder().encode(
          JSON.stringify({ format: INDEX_SNAPSHOT_FORMAT, version, covered: [], parts: [], vectors: [] }),
        ),
      )
    expect(() => decodeIndexSnapshot(head(INDEX_SNAPSHOT_VERSION + 1))).toThrow(
      `snapshot format ${INDEX_SNAPSHOT_VERSION + 1}`,
    )
    await expect(readIndexSnapshot(snapshotFileOf(head(INDEX_SNAPSHOT_VERSION + 1)))).rejects.toThrow(
      `snapshot format ${INDEX_SNAPSHOT_VERSION + 1}`,
    )
    // Parts that do not add up to the snapshot.
    expect(() => decodeIndexSnapshot(head(INDEX_SNAPSHOT_VERSION))).toThrow('unreadable parts')
  })

  it('read a snapshot of version 1 (one checksum over all of it) whole, as outdated', async () => {
    const current = decodeIndexSnapshot(snapshotBytes())
    const older = encodeVersion1Snapshot(current)
    for (const snapshot of [decodeIndexSnapshot(older), await readIndexSnapshot(snapshotFileOf(older))]) {
      expect(snapshot).toEqual({ ...current, outdated: true })
    }
    expect(() => decodeIndexSnapshot(damagedAt(older, older.length - 10))).toThrow(/checksum/)
  })
})

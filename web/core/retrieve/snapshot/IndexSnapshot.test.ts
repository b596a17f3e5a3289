import { describe, expect, it } from 'vitest'
import { ByteWriter } from '../index/ByteSections'
import { SearchIndex } from '../index/SearchIndex'
import { checksum32 } from './checksum32'
import { decodeIndexSnapshot } from './decodeIndexSnapshot'
import { encodeIndexSnapshot } from './encodeIndexSnapshot'
import { INDEX_SNAPSHOT_VERSION } from './IndexSnapshot'

const chunk = (id: string, text: string, vector: number[] | null = null) => ({
  id,
  document_id: `doc-${id}`,
  collection_id: 'c1',
  index: 0,
  text,
  page: null,
  heading: null,
  token_count: 3,
  embedder: vector ? 'test-v1' : null,
  vector: vector ? Float32Array.from(vector) : null,
})

function snapshotBytes(): Uint8Array {
  const index = SearchIndex.fromChunks([
    chunk('a', 'harbour bridge castle', [1, 0, 0]),
    chunk('b', 'castle museum river', [0, 1, 0]),
    chunk('c', 'no vector here'),
  ])
  const covered = new Map<string, string | null>([
    ['doc-a', '1:1'],
    ['doc-b', null],
  ])
  return encodeIndexSnapshot({ covered, index: index.toBytes() })
}

describe('index snapshot bytes', () => {
  it('carry the covered documents and an index that reads back', () => {
    const snapshot = decodeIndexSnapshot(snapshotBytes())
    expect([...snapshot.covered]).toEqual([
      ['doc-a', '1:1'],
      ['doc-b', null],
    ])
    expect(snapshot.index.vectors.map((vectors) => vectors.embedder)).toEqual(['test-v1'])
    const index = SearchIndex.fromBytes(snapshot.index)
    expect(index.size).toBe(3)
    expect(index.vectorCount('test-v1')).toBe(2)
    expect(index.documentChunkIds('doc-b')).toEqual(['b'])
  })

  it("place BM25's postings pool on a 4-byte boundary, so a load reads it in place", () => {
    for (const covered of [0, 1, 2, 3, 7].map(
      (n) => new Map(Array.from({ length: n }, (_, i) => [`d${i}`, `${i}:x`])),
    )) {
      const bytes = new Uint8Array(
        encodeIndexSnapshot({ covered, index: SearchIndex.fromChunks([chunk('a', 'otter')]).toBytes() }),
      )
      const snapshot = decodeIndexSnapshot(bytes)
      expect(snapshot.covered.size).toBe(covered.size)
      const index = SearchIndex.fromBytes(snapshot.index)
      expect(index.postingsReadInPlace).toBe(true)
      expect(index.holdsSnapshotBytes).toBe(true)
      index.releaseSnapshotBytes()
      expect(index.holdsSnapshotBytes).toBe(false)
    }
  })

  it('refuse a damaged byte anywhere, a cut, and another format version', () => {
    const bytes = snapshotBytes()
    for (const at of [0, 10, Math.floor(bytes.length / 2), bytes.length - 5, bytes.length - 1]) {
      const damaged = bytes.slice()
      damaged[at] = damaged[at]! ^ 0x10
      expect(() => decodeIndexSnapshot(damaged), `byte ${at}`).toThrow(/checksum/)
    }
    expect(() => decodeIndexSnapshot(bytes.subarray(0, bytes.length - 1))).toThrow(RangeError)
    expect(() => decodeIndexSnapshot(new Uint8Array(3))).toThrow(RangeError)

    // A well-formed snapshot of another version: refused for its version.
    const body = new ByteWriter()
      .json({
        format: 'quire-index-snapshot',
        version: INDEX_SNAPSHOT_VERSION + 1,
        covered: [],
        embedders: [],
      })
      .bytes(new Uint8Array(0))
      .finish()
    const other = new Uint8Array(body.length + 4)
    other.set(body)
    new DataView(other.buffer).setUint32(body.length, checksum32(body), true)
    expect(() => decodeIndexSnapshot(other)).toThrow(`snapshot format ${INDEX_SNAPSHOT_VERSION + 1}`)
  })
})

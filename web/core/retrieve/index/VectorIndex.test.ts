import { describe, expect, it } from 'vitest'
import { cosineSimilarity } from '../../ingest/embed/cosineSimilarity'
import { type VectorMeta, VectorIndex } from './VectorIndex'
import type { VectorMatrixOptions } from './VectorMatrix'
import { seededRandom } from '../../testing/seededRandom'

const random = seededRandom

const randomVector = (next: () => number, dimensions: number) =>
  Float32Array.from({ length: dimensions }, () => next() * 2 - 1)

const meta = (collection_id = 'c1', document_id = 'd1', embedder = 'hash-v1'): VectorMeta => ({
  collection_id,
  document_id,
  embedder,
})

/** The same rows kept in a Map and searched by sorting everything: what the index must agree with. */
class BruteForce {
  readonly rows = new Map<string, { vector: Float32Array; meta: VectorMeta }>()
  search(
    query: Float32Array,
    options: { limit: number; embedder: string; collectionIds?: string[]; minScore?: number },
  ) {
    return [...this.rows]
      .filter(([, row]) => row.meta.embedder === options.embedder)
      .filter(([, row]) => !options.collectionIds || options.collectionIds.includes(row.meta.collection_id))
      .map(([id, row]) => ({ id, score: cosineSimilarity(query, row.vector) }))
      .filter((hit) => hit.score >= (options.minScore ?? -Infinity))
      .sort((a, b) => b.score - a.score)
      .slice(0, options.limit)
  }
}

function expectSameHits(
  actual: Array<{ id: string; score: number }>,
  expected: Array<{ id: string; score: number }>,
) {
  expect(actual.map((hit) => hit.id)).toEqual(expected.map((hit) => hit.id))
  // Rows are stored as float32 unit vectors; the reference computes in doubles.
  const worst = Math.max(0, ...actual.map((hit, i) => Math.abs(hit.score - expected[i]!.score)))
  expect(worst).toBeLessThan(1e-5)
}

// Where the kernel runs: the default (JS while small, WebAssembly from 2048 rows of capacity, so this
// test's index switches midway), WebAssembly from the first row, and JS only.
const kernels: Array<[string, VectorMatrixOptions]> = [
  ['default', {}],
  ['WebAssembly', { wasmFromRows: 0 }],
  ['JS', { wasmFromRows: Infinity }],
]

describe('VectorIndex', () => {
  for (const [kernel, options] of kernels)
    for (const dimensions of [48, 37]) {
      it(`returns exactly what a full sort returns, through adds, replacements and removals (${dimensions} dims, ${kernel})`, () => {
        const next = random(dimensions)
        const index = new VectorIndex(dimensions, options)
        const brute = new BruteForce()
        const add = (id: string, collection: string) => {
          const vector = randomVector(next, dimensions)
          index.add(id, vector, meta(collection, `doc-${id.slice(0, 4)}`))
          brute.rows.set(id, { vector, meta: meta(collection, `doc-${id.slice(0, 4)}`) })
        }
        for (let i = 0; i < 2500; i++) add(`r${String(i).padStart(4, '0')}`, `c${i % 3}`)
        expect(index.usesWasm).toBe(kernel !== 'JS')
        const check = () => {
          expect(index.size).toBe(brute.rows.size)
          for (let q = 0; q < 6; q++) {
            const query = randomVector(next, dimensions)
            for (const options of [
              { limit: 1 },
              { limit: 10 },
              { limit: 50, collectionIds: ['c1'] },
              { limit: 25, collectionIds: ['c0', 'c2'], minScore: 0.1 },
              { limit: 5000 },
            ]) {
              const request = { ...options, embedder: 'hash-v1' }
              expectSameHits(index.search(query, request), brute.search(query, request))
            }
          }
        }
        check()
        // Remove a scattered third (each removal moves the last row into the hole), replace some.
        const removed = [...brute.rows.keys()].filter(() => next() < 0.33)
        index.remove(removed)
        for (const id of removed) brute.rows.delete(id)
        for (let i = 0; i < 200; i++) add(`r${String(Math.floor(next() * 3000)).padStart(4, '0')}`, 'c1')
        check()
        // Whole documents and a collection.
        index.removeDocument('doc-r000')
        index.removeCollection('c2')
        for (const [id, row] of brute.rows) {
          if (row.meta.document_id === 'doc-r000' || row.meta.collection_id === 'c2') brute.rows.delete(id)
        }
        check()
      })
    }

  it('answers to the bit the same with the WebAssembly kernel and without it', () => {
    const next = random(4)
    const withWasm = new VectorIndex(384, { wasmFromRows: 0 })
    const withJs = new VectorIndex(384, { wasmFromRows: Infinity })
    for (let i = 0; i < 3000; i++) {
      const vector = randomVector(next, 384)
      const rowMeta = meta(`c${i % 5}`, `d${i % 50}`, i % 7 === 0 ? 'other' : 'hash-v1')
      withWasm.add(`id-${i}`, vector, rowMeta)
      withJs.add(`id-${i}`, vector, rowMeta)
    }
    expect([withWasm.usesWasm, withJs.usesWasm]).toEqual([true, false])
    for (let q = 0; q < 10; q++) {
      const query = randomVector(next, 384)
      for (const options of [
        { limit: 50, embedder: 'hash-v1' },
        { limit: 7, embedder: 'other', collectionIds: ['c2', 'c4'] },
        { limit: 3000, embedder: 'hash-v1', minScore: 0.05 },
      ]) {
        expect(withWasm.search(query, options)).toEqual(withJs.search(query, options))
      }
    }
  })

  it('never compares vectors of another embedder, even of the same length', () => {
    const index = new VectorIndex(4)
    const query = Float32Array.of(1, 0, 0, 0)
    index.add('same-model', Float32Array.of(0.5, 0.5, 0.5, 0.5), meta('c1', 'd1', 'model-a'))
    index.add('other-model', Float32Array.of(1, 0, 0, 0), meta('c1', 'd2', 'model-b'))
    expect(index.search(query, { limit: 10, embedder: 'model-a' }).map((hit) => hit.id)).toEqual([
      'same-model',
    ])
    expect(index.search(query, { limit: 10, embedder: 'model-b' }).map((hit) => hit.id)).toEqual([
      'other-model',
    ])
    expect(index.search(query, { limit: 10, embedder: 'model-c' })).toEqual([])
    expect(index.hasRows('model-a')).toBe(true)
    expect(index.hasRows('model-c')).toBe(false)
    expect(index.hasRows('model-a', ['c2'])).toBe(false)
  })

  it('scores cosine similarity whatever the vectors’ lengths, and zero vectors match nothing', () => {
    const index = new VectorIndex(2)
    index.add('same', Float32Array.of(3, 4), meta())
    index.add('orthogonal', Float32Array.of(-4, 3), meta())
    index.add('opposite', Float32Array.of(-0.3, -0.4), meta())
    index.add('empty', Float32Array.of(0, 0), meta())
    index.add('broken', Float32Array.of(Number.NaN, 1), meta())
    const hits = index.search(Float32Array.of(6, 8), { limit: 10, embedder: 'hash-v1' })
    expect(hits.map((hit) => hit.id)).toEqual(['same', 'orthogonal', 'empty', 'broken', 'opposite'])
    expect(hits.map((hit) => hit.score)).toEqual([1, 0, 0, 0, -1].map((x) => expect.closeTo(x, 6)))
    expect(
      index.search(Float32Array.of(6, 8), { limit: 10, embedder: 'hash-v1', minScore: 0.5 }),
    ).toHaveLength(1)
    expect(index.search(Float32Array.of(0, 0), { limit: 10, embedder: 'hash-v1' })).toEqual([])
    expect(index.search(Float32Array.of(6, 8), { limit: 0, embedder: 'hash-v1' })).toEqual([])
  })

  it('replaces the row of an id added again, metadata included', () => {
    const index = new VectorIndex(2)
    index.add('a', Float32Array.of(1, 0), meta('c1', 'd1'))
    index.add('b', Float32Array.of(0, 1), meta('c1', 'd1'))
    index.add('a', Float32Array.of(0, 1), meta('c2', 'd2'))
    expect(index.size).toBe(2)
    const hits = index.search(Float32Array.of(0, 1), {
      limit: 10,
      embedder: 'hash-v1',
      collectionIds: ['c2'],
    })
    expect(hits).toEqual([{ id: 'a', score: expect.closeTo(1, 6) }])
    index.removeDocument('d1')
    expect(index.has('b')).toBe(false)
    expect(index.has('a')).toBe(true)
    index.remove(['a', 'a', 'missing'])
    expect(index.size).toBe(0)
    expect(index.search(Float32Array.of(0, 1), { limit: 10, embedder: 'hash-v1' })).toEqual([])
  })

  it('rejects vectors of the wrong length and a non-positive dimension count', () => {
    const index = new VectorIndex(3)
    expect(() => index.add('a', Float32Array.of(1, 2), meta())).toThrow(RangeError)
    expect(() => index.search(Float32Array.of(1, 2), { limit: 1, embedder: 'hash-v1' })).toThrow(RangeError)
    expect(index.size).toBe(0)
    expect(() => new VectorIndex(0)).toThrow(RangeError)
  })

  it('round-trips through bytes: same answers, and it keeps working afterwards', () => {
    const next = random(7)
    const index = new VectorIndex(16)
    for (let i = 0; i < 300; i++) {
      index.add(
        `id-${i}`,
        randomVector(next, 16),
        meta(`c${i % 4}`, `d${i % 30}`, i % 5 === 0 ? 'other' : 'hash-v1'),
      )
    }
    index.remove(['id-3', 'id-150', 'id-299'])
    const bytes = index.toBytes()
    // A view into a larger buffer at an odd offset, as a storage layer may hand back.
    const padded = new Uint8Array(bytes.length + 3)
    padded.set(bytes, 3)
    const restored = VectorIndex.fromBytes(padded.subarray(3))
    expect(restored.size).toBe(index.size)
    expect(restored.dimensions).toBe(16)
    for (let q = 0; q < 5; q++) {
      const query = randomVector(next, 16)
      for (const options of [
        { limit: 20, embedder: 'hash-v1' },
        { limit: 20, embedder: 'other', collectionIds: ['c1'] },
      ]) {
        expect(restored.search(query, options)).toEqual(index.search(query, options))
      }
    }
    restored.removeDocument('d7')
    restored.add('new', randomVector(next, 16), meta('c9'))
    expect(restored.has('id-7')).toBe(false)
    expect(restored.hasRows('hash-v1', ['c9'])).toBe(true)
    expect(VectorIndex.fromBytes(new VectorIndex(8).toBytes()).size).toBe(0)
  })

  it('refuses bytes that are not a whole vector index', () => {
    const index = new VectorIndex(4)
    index.add('a', Float32Array.of(1, 2, 3, 4), meta())
    const bytes = index.toBytes()
    expect(() => VectorIndex.fromBytes(bytes.subarray(0, bytes.length - 1))).toThrow(RangeError)
    expect(() => VectorIndex.fromBytes(new Uint8Array(10))).toThrow(RangeError)
    const wrongMagic = bytes.slice()
    wrongMagic[0] = 0
    expect(() => VectorIndex.fromBytes(wrongMagic)).toThrow(/not a vector index/)
    const badCode = bytes.slice()
    new DataView(badCode.buffer).setInt32(24 + 16, 5, true) // collection code of row 0
    expect(() => VectorIndex.fromBytes(badCode)).toThrow(/out of range/)
  })
})

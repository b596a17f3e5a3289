import { describe, expect, it } from 'vitest'
import { cosineSimilarity } from '../../ingest/embed/cosineSimilarity'
import type { ChunkVector } from '../../store/ChunkVector'
import { seededRandom } from '../../testing/seededRandom'
import type { ExactVectors } from './ExactVectors'
import { PlainF32Scan } from './PlainF32Scan'
import {
  MAX_RESCORED,
  type VectorIndexOptions,
  type VectorMeta,
  type VectorSearchOptions,
  VectorIndex,
} from './VectorIndex'
import type { VectorMatrixOptions } from './VectorMatrix'

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

/**
 * A vector index and, beside it, the vectors as the store keeps them (what rescoring reads back),
 * counting the vectors read.
 */
class Indexed {
  readonly index: VectorIndex
  readonly stored = new Map<string, ChunkVector>()
  read = 0

  constructor(dimensions: number, options: VectorIndexOptions = {}) {
    this.index = new VectorIndex(dimensions, options)
  }

  add(id: string, vector: Float32Array, rowMeta: VectorMeta = meta()): void {
    this.index.add(id, vector, rowMeta)
    this.stored.set(id, { id, embedder: rowMeta.embedder, vector })
  }

  readonly exactVectors: ExactVectors = async (ids) => {
    this.read += ids.length
    return ids.flatMap((id) => this.stored.get(id) ?? [])
  }

  search(query: Float32Array, options: VectorSearchOptions) {
    return this.index.search(query, options, this.exactVectors)
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
      it(`returns exactly what a full sort returns, through adds, replacements and removals (${dimensions} dims, ${kernel})`, async () => {
        const next = random(dimensions)
        const indexed = new Indexed(dimensions, options)
        const brute = new BruteForce()
        const add = (id: string, collection: string) => {
          const vector = randomVector(next, dimensions)
          indexed.add(id, vector, meta(collection, `doc-${id.slice(0, 4)}`))
          brute.rows.set(id, { vector, meta: meta(collection, `doc-${id.slice(0, 4)}`) })
        }
        const index = indexed.index
        for (let i = 0; i < 2500; i++) add(`r${String(i).padStart(4, '0')}`, `c${i % 3}`)
        expect(index.usesWasm).toBe(kernel !== 'JS')
        const check = async () => {
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
              expectSameHits(await indexed.search(query, request), brute.search(query, request))
            }
          }
        }
        await check()
        // Remove a scattered third (each removal moves the last row into the hole), replace some.
        const removed = [...brute.rows.keys()].filter(() => next() < 0.33)
        index.remove(removed)
        for (const id of removed) brute.rows.delete(id)
        for (let i = 0; i < 200; i++) add(`r${String(Math.floor(next() * 3000)).padStart(4, '0')}`, 'c1')
        await check()
        // Whole documents and a collection.
        index.removeDocument('doc-r000')
        index.removeCollection('c2')
        for (const [id, row] of brute.rows) {
          if (row.meta.document_id === 'doc-r000' || row.meta.collection_id === 'c2') brute.rows.delete(id)
        }
        await check()
      })
    }

  for (const [kernel, options] of kernels)
    it(`answers with the ids and scores, to the bit, of a plain f32 scan, over ties and near-ties, reading few vectors (${kernel})`, async () => {
      const next = random(11)
      const dimensions = 384
      const indexed = new Indexed(dimensions, options)
      const added: Array<{ id: string; vector: Float32Array }> = []
      const add = (vector: Float32Array) => {
        const id = `id-${added.length}`
        added.push({ id, vector })
        indexed.add(id, vector)
      }
      const bases = Array.from({ length: 40 }, () => randomVector(next, dimensions))
      for (let i = 0; i < 3000; i++) {
        const kind = i % 4
        if (kind === 0) add(randomVector(next, dimensions))
        // Exact ties: the same vector again, and the same direction at another length.
        else if (kind === 1) add(bases[i % bases.length]!)
        else if (kind === 2) add(bases[i % bases.length]!.map((x) => x * 3))
        // Near-ties: one element moved by a few f32 steps, far below the codes' resolution.
        else {
          const near = Float32Array.from(bases[i % bases.length]!)
          near[i % dimensions] = near[i % dimensions]! * (1 + 2 ** -20)
          add(near)
        }
      }
      const plain = new PlainF32Scan(dimensions, added)
      let compared = 0
      for (let q = 0; q < 12; q++) {
        // Queries near a base make the top a crowd of ties and near-ties; along an axis, a score is
        // one element and its estimate can be off by nearly the whole bound; others are random.
        const query =
          q % 3 === 0
            ? bases[q]!.map((x) => x + (next() - 0.5) * 0.05)
            : q % 3 === 1
              ? Float32Array.from({ length: dimensions }, (_, i) => (i === q ? 1 : 0))
              : randomVector(next, dimensions)
        for (const request of [
          { limit: 50, embedder: 'hash-v1' },
          { limit: 10, embedder: 'hash-v1', minScore: 0.02 },
          { limit: 200, embedder: 'hash-v1' },
        ]) {
          indexed.read = 0
          expect(await indexed.search(query, request)).toEqual(plain.search(query, request))
          // Far fewer than every row: the bounds leave out most of them.
          expect(indexed.read).toBeLessThan(added.length / 2)
          compared++
        }
      }
      expect(compared).toBe(36)
    })

  it('keeps the exact top k when estimates are off by nearly their whole bound (queries along an axis)', async () => {
    // A score is then one element of the row, which its code can miss by up to half a step: the
    // estimates' order differs from the exact one all along the list, so a tighter bound drops rows.
    const next = random(12)
    const dimensions = 16
    const indexed = new Indexed(dimensions, { wasmFromRows: 0 })
    const added = Array.from({ length: 3000 }, (_, i) => ({
      id: `id-${i}`,
      vector: randomVector(next, dimensions),
    }))
    for (const { id, vector } of added) indexed.add(id, vector)
    const plain = new PlainF32Scan(dimensions, added)
    for (let axis = 0; axis < dimensions; axis++) {
      const query = Float32Array.from({ length: dimensions }, (_, i) => (i === axis ? 1 : 0))
      for (const limit of [1, 5, 50]) {
        const request = { limit, embedder: 'hash-v1' }
        expect(await indexed.search(query, request), `axis ${axis}, limit ${limit}`).toEqual(
          plain.search(query, request),
        )
      }
    }
  })

  it('answers to the bit the same with the WebAssembly kernel and without it', async () => {
    const next = random(4)
    const withWasm = new Indexed(384, { wasmFromRows: 0 })
    const withJs = new Indexed(384, { wasmFromRows: Infinity })
    for (let i = 0; i < 3000; i++) {
      const vector = randomVector(next, 384)
      const rowMeta = meta(`c${i % 5}`, `d${i % 50}`, i % 7 === 0 ? 'other' : 'hash-v1')
      withWasm.add(`id-${i}`, vector, rowMeta)
      withJs.add(`id-${i}`, vector, rowMeta)
    }
    expect([withWasm.index.usesWasm, withJs.index.usesWasm]).toEqual([true, false])
    for (let q = 0; q < 10; q++) {
      const query = randomVector(next, 384)
      for (const options of [
        { limit: 50, embedder: 'hash-v1' },
        { limit: 7, embedder: 'other', collectionIds: ['c2', 'c4'] },
        { limit: 3000, embedder: 'hash-v1', minScore: 0.05 },
      ]) {
        withWasm.read = 0
        withJs.read = 0
        expect(await withWasm.search(query, options)).toEqual(await withJs.search(query, options))
        expect(withWasm.read).toBe(withJs.read)
      }
    }
  })

  it('keeps a candidate’s estimate when its vector cannot be read, and never crashes', async () => {
    const next = random(5)
    // No cached rows: the second search must read the store again to meet what changed there.
    const indexed = new Indexed(64, { cachedRows: 0 })
    for (let i = 0; i < 500; i++) indexed.add(`id-${i}`, randomVector(next, 64))
    const query = randomVector(next, 64)
    const request = { limit: 10, embedder: 'hash-v1' }
    const exact = await indexed.search(query, request)
    // The best chunk deleted from the store meanwhile, the second re-embedded by another model, the
    // third's vector now of another length: each still ranked, by its estimate.
    const [first, second, third] = exact.map((hit) => hit.id)
    indexed.stored.delete(first!)
    indexed.stored.set(second!, { ...indexed.stored.get(second!)!, embedder: 'other' })
    indexed.stored.set(third!, { ...indexed.stored.get(third!)!, vector: new Float32Array(3) })
    const estimated = await indexed.search(query, request)
    expect(new Set(estimated.map((hit) => hit.id))).toEqual(new Set(exact.map((hit) => hit.id)))
    for (const hit of estimated) {
      const was = exact.find((other) => other.id === hit.id)!
      // Scores of this test's random rows sit far apart next to the estimates' error.
      expect(Math.abs(hit.score - was.score)).toBeLessThan(0.01)
      if (![first, second, third].includes(hit.id)) expect(hit.score).toBe(was.score)
    }
    // A store that fails rejects the search (the caller's error to report), as any store read would.
    await expect(
      indexed.index.search(query, request, () => Promise.reject(new Error('store closed'))),
    ).rejects.toThrow('store closed')
  })

  it('reads a rescored row from the store once while it stays cached, with the same results to the bit', async () => {
    const next = random(8)
    const dimensions = 24
    const indexed = new Indexed(dimensions, { cachedRows: 40 })
    const added: Array<{ id: string; vector: Float32Array }> = []
    for (let i = 0; i < 600; i++) {
      const vector = randomVector(next, dimensions)
      indexed.add(`id-${i}`, vector)
      added.push({ id: `id-${i}`, vector })
    }
    const plain = new PlainF32Scan(dimensions, added)
    const query = randomVector(next, dimensions)
    const request = { limit: 5, embedder: 'hash-v1' }
    const first = await indexed.search(query, request)
    expect(first).toEqual(plain.search(query, request))
    const read = indexed.read
    expect(read).toBeGreaterThan(0)
    expect(read).toBeLessThanOrEqual(40) // all of them fit in the cache
    expect(await indexed.search(query, request)).toEqual(first)
    expect(indexed.read).toBe(read) // none read again

    // A row added again is read again (its cached row was the old vector's), and scored by its new one.
    const best = first[0]!.id
    const moved = query.map((x) => x * 2) // still a candidate: now the best match
    indexed.add(best, moved)
    added[added.findIndex((row) => row.id === best)] = { id: best, vector: moved }
    const readIds: string[] = []
    const afterAdd = await indexed.index.search(query, request, (ids) => {
      readIds.push(...ids)
      return indexed.exactVectors(ids)
    })
    expect(afterAdd).toEqual(new PlainF32Scan(dimensions, added).search(query, request))
    expect(readIds).toContain(best)
    expect(readIds.filter((id) => first.some((hit) => hit.id === id))).toEqual([best])
    // A removed one is never answered from the cache.
    indexed.index.remove([first[1]!.id])
    expect((await indexed.search(query, request)).map((hit) => hit.id)).not.toContain(first[1]!.id)

    // Past the cache's size the least recently used rows go, and are read again when needed.
    const others = [randomVector(next, dimensions), randomVector(next, dimensions)]
    for (const other of others) await indexed.search(other, { limit: 30, embedder: 'hash-v1' })
    const before = indexed.read
    expect(await indexed.search(query, request)).toEqual(await indexed.search(query, request))
    expect(indexed.read).toBeGreaterThan(before)
  })

  it('answers with the ids it had when rows move while the vectors are read', async () => {
    const indexed = new Indexed(4)
    indexed.add('a', Float32Array.of(1, 0, 0, 0))
    indexed.add('b', Float32Array.of(0, 1, 0, 0))
    indexed.add('c', Float32Array.of(0.9, 0.1, 0, 0))
    const search = indexed.index.search(
      Float32Array.of(1, 0, 0, 0),
      { limit: 2, embedder: 'hash-v1' },
      async (ids) => {
        // Removing 'a' moves 'c' (the last row) into its row while this search waits on the store.
        indexed.index.remove(['a'])
        return indexed.exactVectors(ids)
      },
    )
    expect((await search).map((hit) => hit.id)).toEqual(['a', 'c'])
  })

  it('rescores at most MAX_RESCORED candidates (or as many as asked for), ranking the rest of a crowd by estimate', async () => {
    const indexed = new Indexed(8, { cachedRows: 0 })
    const same = Float32Array.of(1, 2, 3, 4, 5, 6, 7, 8)
    for (let i = 0; i < MAX_RESCORED + 100; i++) indexed.add(`id-${i}`, same)
    const hits = await indexed.search(same, { limit: 100, embedder: 'hash-v1' })
    expect(indexed.read).toBe(MAX_RESCORED)
    expect(hits).toHaveLength(100)
    expect(hits[0]!.score).toBeCloseTo(1, 6)
    indexed.read = 0
    const more = await indexed.search(same, { limit: MAX_RESCORED + 50, embedder: 'hash-v1' })
    expect(indexed.read).toBe(MAX_RESCORED + 50)
    expect(more).toHaveLength(MAX_RESCORED + 50)
  })

  it('answers a crowd of identical rows larger than MAX_RESCORED as the f32 scan does: the copies read first', async () => {
    // Unread copies are ranked by their lower bounds, never above the copies scored exactly (ranked
    // by the middle of their intervals, unread copies could outrank every read one).
    for (const seed of [21, 22, 23]) {
      const next = random(seed)
      const dimensions = 384
      const indexed = new Indexed(dimensions, { wasmFromRows: 0, cachedRows: 0 })
      const crowd = randomVector(next, dimensions)
      const added: Array<{ id: string; vector: Float32Array }> = []
      for (let i = 0; i < MAX_RESCORED + 600; i++) {
        const vector = i % 3 === 0 ? randomVector(next, dimensions) : crowd
        added.push({ id: `id-${i}`, vector })
        indexed.add(`id-${i}`, vector)
      }
      const plain = new PlainF32Scan(dimensions, added)
      for (let q = 0; q < 4; q++) {
        const query = crowd.map((x) => x + (next() - 0.5) * 0.5)
        const request = { limit: 50, embedder: 'hash-v1' }
        indexed.read = 0
        expect(await indexed.search(query, request)).toEqual(plain.search(query, request))
        expect(indexed.read).toBe(MAX_RESCORED)
      }
    }
  })

  it('never compares vectors of another embedder, even of the same length', async () => {
    const indexed = new Indexed(4)
    const index = indexed.index
    const query = Float32Array.of(1, 0, 0, 0)
    indexed.add('same-model', Float32Array.of(0.5, 0.5, 0.5, 0.5), meta('c1', 'd1', 'model-a'))
    indexed.add('other-model', Float32Array.of(1, 0, 0, 0), meta('c1', 'd2', 'model-b'))
    expect((await indexed.search(query, { limit: 10, embedder: 'model-a' })).map((hit) => hit.id)).toEqual([
      'same-model',
    ])
    expect((await indexed.search(query, { limit: 10, embedder: 'model-b' })).map((hit) => hit.id)).toEqual([
      'other-model',
    ])
    expect(await indexed.search(query, { limit: 10, embedder: 'model-c' })).toEqual([])
    expect(index.hasRows('model-a')).toBe(true)
    expect(index.hasRows('model-c')).toBe(false)
    expect(index.hasRows('model-a', ['c2'])).toBe(false)
  })

  it('scores cosine similarity whatever the vectors’ lengths, and zero vectors match nothing', async () => {
    const indexed = new Indexed(2)
    indexed.add('same', Float32Array.of(3, 4))
    indexed.add('orthogonal', Float32Array.of(-4, 3))
    indexed.add('opposite', Float32Array.of(-0.3, -0.4))
    indexed.add('empty', Float32Array.of(0, 0))
    indexed.add('broken', Float32Array.of(Number.NaN, 1))
    const hits = await indexed.search(Float32Array.of(6, 8), { limit: 10, embedder: 'hash-v1' })
    expect(hits.map((hit) => hit.id)).toEqual(['same', 'orthogonal', 'empty', 'broken', 'opposite'])
    expect(hits.map((hit) => hit.score)).toEqual([1, 0, 0, 0, -1].map((x) => expect.closeTo(x, 6)))
    expect(
      await indexed.search(Float32Array.of(6, 8), { limit: 10, embedder: 'hash-v1', minScore: 0.5 }),
    ).toHaveLength(1)
    expect(await indexed.search(Float32Array.of(0, 0), { limit: 10, embedder: 'hash-v1' })).toEqual([])
    expect(await indexed.search(Float32Array.of(6, 8), { limit: 0, embedder: 'hash-v1' })).toEqual([])
  })

  it('replaces the row of an id added again, metadata included', async () => {
    const indexed = new Indexed(2)
    const index = indexed.index
    indexed.add('a', Float32Array.of(1, 0), meta('c1', 'd1'))
    indexed.add('b', Float32Array.of(0, 1), meta('c1', 'd1'))
    indexed.add('a', Float32Array.of(0, 1), meta('c2', 'd2'))
    expect(index.size).toBe(2)
    const hits = await indexed.search(Float32Array.of(0, 1), {
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
    expect(await indexed.search(Float32Array.of(0, 1), { limit: 10, embedder: 'hash-v1' })).toEqual([])
  })

  it('rejects vectors of the wrong length and a non-positive dimension count', async () => {
    const indexed = new Indexed(3)
    expect(() => indexed.add('a', Float32Array.of(1, 2), meta())).toThrow(RangeError)
    await expect(indexed.search(Float32Array.of(1, 2), { limit: 1, embedder: 'hash-v1' })).rejects.toThrow(
      RangeError,
    )
    expect(indexed.index.size).toBe(0)
    expect(() => new VectorIndex(0)).toThrow(RangeError)
  })

  it('round-trips through bytes: same answers, and it keeps working afterwards', async () => {
    const next = random(7)
    const indexed = new Indexed(16)
    const index = indexed.index
    for (let i = 0; i < 300; i++) {
      indexed.add(
        `id-${i}`,
        randomVector(next, 16),
        meta(`c${i % 4}`, `d${i % 30}`, i % 5 === 0 ? 'other' : 'hash-v1'),
      )
    }
    index.remove(['id-3', 'id-150', 'id-299'])
    const bytes = index.toBytes()
    // About a byte a dimension plus the ids, not four.
    expect(bytes.length).toBeLessThan(297 * (16 + 24) + 297 * 30)
    // A view into a larger buffer at an odd offset, as a storage layer may hand back.
    const padded = new Uint8Array(bytes.length + 3)
    padded.set(bytes, 3)
    const restored = VectorIndex.fromBytes(padded.subarray(3))
    // Restored into WebAssembly memory: its rows' |c|_1 summed by the kernel, not the JS loop.
    const restoredWasm = VectorIndex.fromBytes(bytes, { wasmFromRows: 0 })
    expect(restoredWasm.usesWasm).toBe(true)
    expect(restored.usesWasm).toBe(false)
    expect(restored.size).toBe(index.size)
    expect(restored.dimensions).toBe(16)
    for (let q = 0; q < 5; q++) {
      const query = randomVector(next, 16)
      for (const options of [
        { limit: 20, embedder: 'hash-v1' },
        { limit: 20, embedder: 'other', collectionIds: ['c1'] },
      ]) {
        indexed.read = 0
        const before = await index.search(query, options, indexed.exactVectors)
        const readBefore = indexed.read
        expect(await restored.search(query, options, indexed.exactVectors)).toEqual(before)
        expect(await restoredWasm.search(query, options, indexed.exactVectors)).toEqual(before)
        // The same bounds: the restored rows are the same codes, steps and residuals.
        expect(indexed.read).toBe(3 * readBefore)
      }
    }
    restored.removeDocument('d7')
    restored.add('new', randomVector(next, 16), meta('c9'))
    expect(restored.has('id-7')).toBe(false)
    expect(restored.hasRows('hash-v1', ['c9'])).toBe(true)
    expect(VectorIndex.fromBytes(new VectorIndex(8).toBytes()).size).toBe(0)
  })

  it('refuses bytes that are not a whole vector index of this version', () => {
    const index = new VectorIndex(4)
    index.add('a', Float32Array.of(1, 2, 3, 4), meta())
    const bytes = index.toBytes()
    expect(() => VectorIndex.fromBytes(bytes.subarray(0, bytes.length - 1))).toThrow(RangeError)
    expect(() => VectorIndex.fromBytes(new Uint8Array(10))).toThrow(RangeError)
    const wrongMagic = bytes.slice()
    wrongMagic[0] = 0
    expect(() => VectorIndex.fromBytes(wrongMagic)).toThrow(/not a vector index/)
    // Version 1 held f32 rows: refused, so the caller rebuilds from stored chunks.
    const version1 = bytes.slice()
    new DataView(version1.buffer).setUint32(4, 1, true)
    expect(() => VectorIndex.fromBytes(version1)).toThrow(/format version 1, expected 2/)
    const badCode = bytes.slice()
    new DataView(badCode.buffer).setInt32(24 + 16, 5, true) // collection code of row 0
    expect(() => VectorIndex.fromBytes(badCode)).toThrow(/out of range/)
    const badScale = bytes.slice()
    new DataView(badScale.buffer).setFloat64(24, -1, true) // step of row 0
    expect(() => VectorIndex.fromBytes(badScale)).toThrow(/not a length/)
    const minCode = bytes.slice()
    new Int8Array(minCode.buffer)[24 + 24 + 2] = -128 // a code of row 0, outside -127..127
    expect(() => VectorIndex.fromBytes(minCode)).toThrow(/a code is out of range/)
    expect(() => VectorIndex.fromBytes(minCode, { wasmFromRows: 0 })).toThrow(/a code is out of range/)
  })

  it('refuses bytes whose rows repeat an id', () => {
    const index = new VectorIndex(4)
    index.add('a', Float32Array.of(1, 2, 3, 4), meta())
    index.add('b', Float32Array.of(4, 3, 2, 1), meta())
    const bytes = index.toBytes()
    // The metadata is ASCII JSON at the end: find the ids in it as bytes.
    const pattern = new TextEncoder().encode('"ids":["a","b"]')
    const at = bytes.findIndex((_, i) => pattern.every((byte, j) => bytes[i + j] === byte))
    expect(at).toBeGreaterThan(0)
    const repeated = bytes.slice()
    repeated[at + '"ids":["a","'.length] = 'a'.charCodeAt(0)
    expect(() => VectorIndex.fromBytes(repeated)).toThrow(/duplicate ids/)
  })
})

import { describe, expect, it } from 'vitest'
import type { ChunkRecord } from '../../store/ChunkRecord'
import type { ChunkVector } from '../../store/ChunkVector'
import { candidateDepth, type SearchRequest, SearchIndex } from './SearchIndex'
import { testChunk } from '../../testing/testChunk'

/** The vectors as a store would hold them: each chunk id's latest version made by `chunk`. */
const stored = new Map<string, ChunkVector>()

function chunk(
  id: string,
  text: string,
  vector: number[] | null,
  extra: Partial<ChunkRecord> = {},
): ChunkRecord {
  const made = testChunk(id, text, vector, 'test-3d', extra)
  stored.set(id, made)
  return made
}

// The query vector is (1, 0, 0): "sem" is close in meaning but shares no word with the query,
// "kw" shares the words but its vector points elsewhere.
const CHUNKS = [
  chunk('kw', 'The reactor coolant pump failed during the test.', [0, 1, 0]),
  chunk('sem', 'A circulation device in the plant stopped working.', [0.9, 0.3, 0.1]),
  chunk('both', 'Coolant pump maintenance schedule for the reactor.', [0.95, 0.1, 0]),
  chunk('noise', 'Quarterly budget figures for the canteen.', [0, 0, 1]),
]

const request = (overrides: Partial<SearchRequest> = {}): SearchRequest => ({
  query: 'reactor coolant pump',
  queryVector: Float32Array.of(1, 0, 0),
  embedder: 'test-3d',
  exactVectors: async (ids) => ids.flatMap((id) => stored.get(id) ?? []),
  limit: 10,
  mode: 'hybrid',
  similarityThreshold: 0,
  ...overrides,
})

const ids = (response: { results: Array<{ id: string }> }) => response.results.map((hit) => hit.id)

function expectUnitScores(response: { results: Array<{ score: number }> }) {
  for (const { score } of response.results) {
    expect(score).toBeGreaterThanOrEqual(0)
    expect(score).toBeLessThanOrEqual(1)
  }
  const scores = response.results.map((hit) => hit.score)
  expect(scores).toEqual([...scores].sort((a, b) => b - a))
}

describe('SearchIndex', () => {
  it('fuses keyword and vector candidates: agreement first, scores in [0, 1]', async () => {
    const index = SearchIndex.fromChunks(CHUNKS)
    expect(index.size).toBe(4)
    expect(index.vectorCount('test-3d')).toBe(4)
    const response = await index.search(request())
    expect(response.method).toBe('hybrid')
    expect(ids(response)[0]).toBe('both')
    expect(ids(response)).toEqual(expect.arrayContaining(['kw', 'sem']))
    expectUnitScores(response)
    expect((await index.search(request({ limit: 2 }))).results).toHaveLength(2)
  })

  it('filters vector candidates by the threshold before fusion, so keyword matches survive', async () => {
    const index = SearchIndex.fromChunks(CHUNKS)
    // No vector reaches 0.999 ("both" is 0.9945): hybrid is keyword-only, still says hybrid, and
    // "sem" is gone.
    const strict = await index.search(request({ similarityThreshold: 0.999 }))
    expect(strict.method).toBe('hybrid')
    expect(ids(strict).sort()).toEqual(['both', 'kw'])
    // Found by one of two lists: at most 0.5.
    for (const hit of strict.results) expect(hit.score).toBeLessThanOrEqual(0.5)
    // 0.9 lets "sem" (cosine 0.94) and "both" (0.9945) through, not "kw" (0) or "noise" (0).
    const loose = await index.search(request({ similarityThreshold: 0.9 }))
    expect(ids(loose)).toContain('sem')
    expect(ids(loose)).not.toContain('noise')
  })

  it('in vector mode returns cosine similarities that pass the threshold', async () => {
    const index = SearchIndex.fromChunks(CHUNKS)
    const response = await index.search(request({ mode: 'vector', similarityThreshold: 0.5 }))
    expect(response.method).toBe('vector')
    expect(ids(response)).toEqual(['both', 'sem'])
    expect(response.results[0]!.score).toBeCloseTo(0.95 / Math.hypot(0.95, 0.1), 6)
    // A negative threshold admits opposite vectors; their score is floored at 0.
    const all = await index.search(
      request({ mode: 'vector', queryVector: Float32Array.of(-1, 0, 0), similarityThreshold: -1 }),
    )
    expectUnitScores(all)
  })

  it('in bm25 mode scores relative to the best keyword match', async () => {
    const response = await SearchIndex.fromChunks(CHUNKS).search(request({ mode: 'bm25' }))
    expect(response.method).toBe('bm25')
    expect(ids(response).sort()).toEqual(['both', 'kw'])
    expect(response.results[0]!.score).toBe(1)
    expectUnitScores(response)
    expect(
      (await SearchIndex.fromChunks(CHUNKS).search(request({ mode: 'bm25', query: 'the' }))).results,
    ).toEqual([])
  })

  it('falls back to BM25, and says so, when vectors cannot answer', async () => {
    const index = SearchIndex.fromChunks([
      ...CHUNKS,
      chunk('plain', 'Coolant pump spare parts list.', null, { collection_id: 'no-vectors' }),
    ])
    const bm25 = await index.search(request({ mode: 'bm25' }))
    for (const mode of ['hybrid', 'vector'] as const) {
      // No query vector (the embedder is not available on this host).
      expect((await index.search(request({ mode, queryVector: null, embedder: null }))).method).toBe('bm25')
      expect(await index.search(request({ mode, queryVector: undefined }))).toEqual(bm25)
      // An embedder no chunk was embedded with.
      expect((await index.search(request({ mode, embedder: 'other-model' }))).method).toBe('bm25')
      // Collections whose chunks have no vectors of this embedder.
      const response = await index.search(request({ mode, collectionIds: ['no-vectors'] }))
      expect(response.method).toBe('bm25')
      expect(ids(response)).toEqual(['plain'])
    }
    await expect(index.search(request({ embedder: null }))).rejects.toThrow(TypeError)
  })

  it('filters both lists by collection', async () => {
    const index = SearchIndex.fromChunks([
      ...CHUNKS,
      chunk('other', 'Reactor coolant pump replaced.', [1, 0, 0], { collection_id: 'c2' }),
    ])
    expect(ids(await index.search(request({ collectionIds: ['c2'] })))).toEqual(['other'])
    expect(ids(await index.search(request({ collectionIds: ['c1'] })))).not.toContain('other')
    expect((await index.search(request({ collectionIds: [] }))).results).toEqual([])
  })

  it('removes chunks, documents and collections from both indexes', async () => {
    const index = SearchIndex.fromChunks([
      ...CHUNKS,
      chunk('both-2', 'Reactor coolant pump, page two.', [1, 0, 0], { document_id: 'doc-both' }),
      chunk('other', 'Reactor coolant pump replaced.', [1, 0, 0], { collection_id: 'c2' }),
    ])
    index.removeDocument('doc-both')
    expect(ids(await index.search(request()))).not.toContain('both')
    expect(ids(await index.search(request()))).not.toContain('both-2')
    index.removeCollection('c2')
    expect(ids(await index.search(request()))).not.toContain('other')
    index.remove(['sem'])
    expect(ids(await index.search(request({ mode: 'vector', similarityThreshold: 0.5 })))).toEqual([])
    expect(index.size).toBe(2)
    index.removeCollection('c1')
    expect(index.size).toBe(0)
    expect(index.vectorCount('test-3d')).toBe(0)
    expect(await index.search(request())).toEqual({ results: [], method: 'bm25' })
  })

  it('replaces a re-added chunk, including losing or changing its vector', async () => {
    const index = SearchIndex.fromChunks(CHUNKS)
    index.add([chunk('sem', 'A circulation device stopped.', null)])
    expect(index.vectorCount('test-3d')).toBe(3)
    expect(ids(await index.search(request({ mode: 'vector', similarityThreshold: 0.5 })))).toEqual(['both'])
    index.add([chunk('both', 'Coolant pump schedule.', [1, 0], { embedder: 'test-2d' })])
    expect(index.vectorCount('test-3d')).toBe(2)
    expect(index.vectorCount('test-2d')).toBe(1)
    const twoD = await index.search(
      request({ mode: 'vector', queryVector: Float32Array.of(1, 0), embedder: 'test-2d' }),
    )
    expect(twoD).toEqual({ results: [{ id: 'both', score: expect.closeTo(1, 6) }], method: 'vector' })
    expect(index.size).toBe(4)
  })

  it('rejects a batch with an inconsistent vector, changing nothing', async () => {
    const index = SearchIndex.fromChunks(CHUNKS)
    expect(() => index.add([chunk('new', 'fine', [1, 0, 0]), chunk('bad', 'short', [1, 0])])).toThrow(
      RangeError,
    )
    expect(() => index.add([chunk('bad', 'no embedder', [1, 0, 0], { embedder: null })])).toThrow(RangeError)
    expect(index.size).toBe(4)
    expect(index.vectorCount('test-3d')).toBe(4)
    await expect(index.search(request({ queryVector: Float32Array.of(1, 0) }))).rejects.toThrow(RangeError)
  })

  it('takes deep candidate lists so fusion can see agreement beyond the first page', async () => {
    expect(candidateDepth(5)).toBe(50)
    expect(candidateDepth(50)).toBe(200)
  })
})

import { describe, expect, it } from 'vitest'
import { testChunk } from '../../testing/testChunk'
import { exactVectorsOf } from './ExactVectors'
import { type SearchRequest, SearchIndex } from './SearchIndex'

const chunk = (id: string, text: string, vector: number[], embedder = 'hash-v1') =>
  testChunk(id, text, vector, embedder)

// Query "coolant pump reactor", vector (1, 0, 0). "exact" has every query word and the vector
// points away; "partial" has one query word and a vector close to the query; "semantic" shares no
// word but is the nearest vector.
const CHUNKS = [
  chunk('exact', 'Reactor coolant pump: the reactor coolant pump moves coolant.', [0, 1, 0]),
  chunk('partial', 'The pump room is in the basement.', [0.8, 0.6, 0]),
  chunk('semantic', 'A circulation device in the plant.', [0.95, 0.3, 0]),
  chunk('far', 'Canteen budget.', [0, 0, 1]),
]
const BOTH = chunk('both', 'Reactor coolant pump maintenance: coolant pump and reactor checks.', [1, 0, 0])

const request = (overrides: Partial<SearchRequest> = {}): SearchRequest => ({
  query: 'coolant pump reactor',
  queryVector: Float32Array.of(1, 0, 0),
  embedder: 'hash-v1',
  exactVectors: exactVectorsOf([...CHUNKS, BOTH]),
  limit: 10,
  mode: 'hybrid',
  similarityThreshold: 0.15,
  ...overrides,
})

describe('SearchIndex hybrid fusion', () => {
  it('weights the vector list by its embedder: hash-v1 gets none, and its hybrid search is BM25’s', async () => {
    const index = SearchIndex.fromChunks(CHUNKS)
    const response = await index.search(request())
    expect(response.method).toBe('hybrid')
    // BM25's order and scores (each its share of the best), then the vectors' candidates BM25 did
    // not find ("semantic"), with no evidence: a list weighted 0 changes nothing, it only adds.
    const keyword = await index.search(request({ mode: 'bm25' }))
    expect(response.results.slice(0, keyword.results.length)).toEqual(keyword.results)
    expect(response.results.slice(keyword.results.length)).toEqual([{ id: 'semantic', score: 0 }])
    // A tenth of a vote: "exact", BM25's clear first and no vector candidate (cosine 0 < 0.15), gets
    // 1 / (1 + 0.1), no more.
    const tenth = await index.search(request({ vectorWeight: 0.1 }))
    expect(tenth.results.find((hit) => hit.id === 'exact')!.score).toBeCloseTo(1 / 1.1, 12)
    // An explicit weight of 1 makes both lists equal: one list's first is then worth 0.5.
    const equal = await index.search(request({ vectorWeight: 1 }))
    expect(equal.results.find((hit) => hit.id === 'exact')!.score).toBeCloseTo(0.5, 12)
    for (const { score } of [...response.results, ...tenth.results, ...equal.results]) {
      expect(score).toBeGreaterThanOrEqual(0)
      expect(score).toBeLessThanOrEqual(1)
    }
  })

  it('keeps a clear keyword winner ahead of a passage both lists rank modestly', async () => {
    const index = SearchIndex.fromChunks(CHUNKS)
    const ranked = (await index.search(request({ vectorWeight: 0.1 }))).results.map((hit) => hit.id)
    // Plain RRF would put "partial" (second in both lists) first; its BM25 score is a fraction of
    // "exact"'s, and "semantic" takes the vector list's whole vote.
    expect(ranked[0]).toBe('exact')
    expect(ranked).toEqual(expect.arrayContaining(['partial', 'semantic']))
    expect(ranked).not.toContain('far')
  })

  it('lets agreement win when both lists are sure (an embedder with a full vote)', async () => {
    const index = SearchIndex.fromChunks([...CHUNKS, BOTH])
    const response = await index.search(request({ vectorWeight: 1 }))
    expect(response.results[0]!.id).toBe('both')
    expect(response.results[0]!.score).toBeGreaterThan(0.9)
  })

  it('takes semantic models at a full vote (equal weights)', async () => {
    const model = 'Xenova/bge-small-en-v1.5'
    const chunks = CHUNKS.map((c) => ({ ...c, embedder: model }))
    const index = SearchIndex.fromChunks(chunks)
    const response = await index.search(
      request({ embedder: model, similarityThreshold: 0.5, exactVectors: exactVectorsOf(chunks) }),
    )
    expect(response.results.find((hit) => hit.id === 'exact')!.score).toBeCloseTo(0.5, 12)
  })

  it('runs no vector search for a list weighted 0 when the keywords fill the limit, with the same answer', async () => {
    // 60 passages: every one matches "pump"; some share a score (ties the vector list must not break).
    const chunks = Array.from({ length: 60 }, (_, i) =>
      chunk(`p${i}`, `pump ${i % 7 === 0 ? 'coolant pump' : 'room'} ${i}`, [Math.cos(i), Math.sin(i), 0.1]),
    )
    const index = SearchIndex.fromChunks(chunks)
    let reads = 0
    const counted: SearchRequest['exactVectors'] = (ids) => {
      reads++
      return exactVectorsOf(chunks)(ids)
    }
    const query = { query: 'coolant pump', exactVectors: counted, limit: 20 }
    const hybrid = await index.search(request(query))
    expect(reads).toBe(0)
    expect(hybrid.method).toBe('hybrid')
    // BM25's own answer, as when the vector list was fused in with no weight.
    expect(hybrid.results).toEqual((await index.search(request({ ...query, mode: 'bm25' }))).results)
    expect(hybrid.results).toHaveLength(20)
    // Fewer keyword hits than the limit: the vectors run and add what the keywords did not find.
    const few = await index.search(request({ ...query, query: 'coolant', limit: 30 }))
    expect(reads).toBeGreaterThan(0)
    const keywords = (await index.search(request({ ...query, query: 'coolant', limit: 30, mode: 'bm25' })))
      .results
    expect(few.results.slice(0, keywords.length)).toEqual(keywords)
    expect(few.results.length).toBeGreaterThan(keywords.length)
  })
})

import { describe, expect, it } from 'vitest'
import type { ChunkRecord } from '../../store/ChunkRecord'
import { exactVectorsOf } from './ExactVectors'
import { type SearchRequest, SearchIndex } from './SearchIndex'

function chunk(id: string, text: string, vector: number[], embedder = 'hash-v1'): ChunkRecord {
  return {
    id,
    document_id: `doc-${id}`,
    collection_id: 'c1',
    index: 0,
    text,
    page: null,
    heading: null,
    token_count: 10,
    embedder,
    vector: Float32Array.from(vector),
  }
}

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
  it('weights the vector list by its embedder: hash-v1 gets a tenth of the vote of BM25', async () => {
    const index = SearchIndex.fromChunks(CHUNKS)
    const response = await index.search(request())
    expect(response.method).toBe('hybrid')
    // "exact" is BM25's clear first and no vector candidate (cosine 0 < 0.15): 1 / (1 + 0.1) of
    // the maximum, no more.
    const exact = response.results.find((hit) => hit.id === 'exact')!
    expect(exact.score).toBeCloseTo(1 / 1.1, 12)
    // An explicit weight of 1 makes both lists equal: one list's first is then worth 0.5.
    const equal = await index.search(request({ vectorWeight: 1 }))
    expect(equal.results.find((hit) => hit.id === 'exact')!.score).toBeCloseTo(0.5, 12)
    // Weight 0: the vectors only bring candidates, BM25's order decides.
    const keywordsOnly = await index.search(request({ vectorWeight: 0 }))
    expect(keywordsOnly.results[0]!.id).toBe('exact')
    for (const { score } of [...response.results, ...equal.results, ...keywordsOnly.results]) {
      expect(score).toBeGreaterThanOrEqual(0)
      expect(score).toBeLessThanOrEqual(1)
    }
  })

  it('keeps a clear keyword winner ahead of a passage both lists rank modestly', async () => {
    const index = SearchIndex.fromChunks(CHUNKS)
    const ranked = (await index.search(request())).results.map((hit) => hit.id)
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

  it('takes semantic models at a full vote (plain weighted RRF with equal weights)', async () => {
    const model = 'Xenova/bge-small-en-v1.5'
    const chunks = CHUNKS.map((c) => ({ ...c, embedder: model }))
    const index = SearchIndex.fromChunks(chunks)
    const response = await index.search(
      request({ embedder: model, similarityThreshold: 0.5, exactVectors: exactVectorsOf(chunks) }),
    )
    expect(response.results.find((hit) => hit.id === 'exact')!.score).toBeCloseTo(0.5, 12)
  })
})

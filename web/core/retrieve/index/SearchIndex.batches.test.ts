import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChunkRecord } from '../../store/ChunkRecord'
import { SearchIndex } from './SearchIndex'

// addInBatches and replaceDocument index a big document a time slice at a time, letting other work run
// in between: the result must be the index `add` would have made.
const WORDS = ['amber', 'basalt', 'cedar', 'delta', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'juniper']

/** A chunk whose text holds a word unique to it (`marker<n>`), with a 4-dimension vector. */
function chunk(documentId: string, n: number, extra: Partial<ChunkRecord> = {}): ChunkRecord {
  return {
    id: `${documentId}-${n}`,
    document_id: documentId,
    collection_id: 'c1',
    index: n,
    text: `marker${n}x${documentId} ${WORDS[n % WORDS.length]} passage`,
    page: null,
    heading: null,
    token_count: 4,
    embedder: 'test-4d',
    vector: Float32Array.of(1, n % 7, n % 3, 1),
    ...extra,
  }
}
const document = (id: string, count: number) => Array.from({ length: count }, (_, n) => chunk(id, n))
const found = async (index: SearchIndex, word: string) =>
  (
    await index.search({
      query: word,
      limit: 5,
      mode: 'bm25',
      similarityThreshold: 0,
      exactVectors: noVectors,
    })
  ).results.map((r) => r.id)
// Keyword searches read no vectors.
const noVectors = async () => []

describe('SearchIndex in batches', () => {
  it('addInBatches indexes every chunk, keywords and vectors alike', async () => {
    const index = new SearchIndex()
    const chunks = document('big', 1_050)
    await index.addInBatches(chunks)
    expect(index.size).toBe(1_050)
    expect(index.vectorCount('test-4d')).toBe(1_050)
    for (const n of [0, 199, 200, 777, 1_049])
      expect(await found(index, `marker${n}xbig`)).toEqual([`big-${n}`])
  })

  it('replaceDocument leaves only the new chunks of that document and the other documents untouched', async () => {
    const index = new SearchIndex()
    index.add(document('other', 3))
    await index.replaceDocument('big', document('big', 900))
    const fresh = document('big', 450).map((c) => ({ ...c, id: `${c.id}-v2`, text: `${c.text} revised` }))
    await index.replaceDocument('big', fresh)
    expect(index.size).toBe(453)
    expect(await found(index, 'marker449xbig')).toEqual(['big-449-v2'])
    expect(await found(index, 'marker899xbig')).toEqual([])
    expect(await found(index, 'marker2xother')).toEqual(['other-2'])
    await index.replaceDocument('big', [])
    expect(index.size).toBe(3)
  })

  it('runs replacements of one document one after the other: the last one called wins', async () => {
    const index = new SearchIndex()
    const first = document('d', 700)
    const second = document('d', 300).map((c) => ({ ...c, id: `${c.id}-b` }))
    await Promise.all([index.replaceDocument('d', first), index.replaceDocument('d', second)])
    expect(index.size).toBe(300)
    expect(await found(index, 'marker299xd')).toEqual(['d-299-b'])
  })

  describe('with a clock that moves 1 ms each time it is read', () => {
    afterEach(() => vi.restoreAllMocks())

    it('lets other work run once a time slice (10 ms) has passed', async () => {
      let now = 0
      vi.spyOn(performance, 'now').mockImplementation(() => ++now)
      const index = new SearchIndex()
      let turns = 0
      let done = false
      const indexing = index.replaceDocument('big', document('big', 1_000)).finally(() => (done = true))
      while (!done) {
        turns++
        await new Promise((resolve) => setImmediate(resolve))
      }
      await indexing
      // 100 steps of 10 chunks, a clock reading each: a yield about every tenth step.
      expect(turns).toBeGreaterThanOrEqual(8)
      expect(index.size).toBe(1_000)
    })
  })

  it('changes nothing when a vector does not fit', async () => {
    const index = new SearchIndex()
    index.add(document('kept', 2))
    const bad = [...document('big', 500), chunk('big', 500, { vector: Float32Array.of(1, 2) })]
    await expect(index.replaceDocument('big', bad)).rejects.toThrow(RangeError)
    await expect(index.replaceDocument('kept', bad)).rejects.toThrow(RangeError)
    expect(index.size).toBe(2)
    expect(await found(index, 'marker1xkept')).toEqual(['kept-1'])
  })
})

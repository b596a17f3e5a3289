import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { ChunkVector } from '../../../web/core/store/ChunkVector'
import { seededRandom } from '../../../web/core/testing/seededRandom'
import type { ExactVectors } from '../../../web/core/retrieve/index/ExactVectors'
import { PlainF32Scan } from '../../../web/core/retrieve/index/PlainF32Scan'
import { type CodeDotsJob, type ScanHelper, useScanHelper } from '../../../web/core/retrieve/index/ScanHelper'
import { SearchIndex } from '../../../web/core/retrieve/index/SearchIndex'
import { VectorIndex } from '../../../web/core/retrieve/index/VectorIndex'
import { HELPER_FROM_ROWS } from '../../../web/core/retrieve/index/VectorMatrix'
import { newChunk, newDocument } from '../../../web/core/testing/conformance/store/fixtures'
import { WorkerScanHelper } from './WorkerScanHelper'

const DIMENSIONS = 384
const ROWS = 6000
// WebAssembly and the helper from the first row: every search below splits its pass.
const OPTIONS = { wasmFromRows: 0, helperFromRows: 0 }

/** Counts the jobs that reach `inner` (and can fail them all). */
class CountingHelper implements ScanHelper {
  jobs = 0
  rows = 0
  fail = false
  constructor(private readonly inner: ScanHelper) {}
  codeDots(job: CodeDotsJob): Promise<void> {
    this.jobs++
    this.rows += job.count
    return this.fail ? Promise.reject(new Error('helper down')) : this.inner.codeDots(job)
  }
}

const worker = new WorkerScanHelper()
afterEach(() => useScanHelper(null))
afterAll(() => worker.close())

/** Clustered rows (so the top is a crowd of near-ties), with the store's copy for rescoring. */
function rows(seed: number, count: number) {
  const next = seededRandom(seed)
  const random = () => Float32Array.from({ length: DIMENSIONS }, () => next() * 2 - 1)
  const bases = Array.from({ length: 30 }, random)
  const added = Array.from({ length: count }, (_, i) => {
    const vector = i % 2 === 0 ? random() : bases[i % bases.length]!.map((x) => x + (next() - 0.5) * 0.2)
    return { id: `id-${i}`, vector }
  })
  const queries = Array.from({ length: 8 }, (_, q) =>
    q % 2 === 0 ? random() : bases[q]!.map((x) => x + (next() - 0.5) * 0.1),
  )
  return { added, queries }
}

function indexOf(added: ReadonlyArray<{ id: string; vector: Float32Array }>) {
  const index = new VectorIndex(DIMENSIONS, OPTIONS)
  const stored = new Map<string, ChunkVector>()
  const add = (id: string, vector: Float32Array) => {
    index.add(id, vector, { collection_id: 'c', document_id: `d-${id}`, embedder: 'hash-v1' })
    stored.set(id, { id, embedder: 'hash-v1', vector })
  }
  for (const { id, vector } of added) add(id, vector)
  const exactVectors: ExactVectors = async (ids) => ids.flatMap((id) => stored.get(id) ?? [])
  return { index, add, stored, exactVectors }
}

describe('WorkerScanHelper', () => {
  it('sums part of every search on its thread, with the results of a plain f32 scan to the bit', async () => {
    const helper = new CountingHelper(worker)
    useScanHelper(helper)
    const { added, queries } = rows(1, ROWS)
    const { index, exactVectors } = indexOf(added)
    const plain = new PlainF32Scan(DIMENSIONS, added)
    for (const query of queries) {
      for (const request of [
        { limit: 50, embedder: 'hash-v1' },
        { limit: 5, embedder: 'hash-v1', minScore: 0.05 },
      ]) {
        expect(await index.search(query, request, exactVectors)).toEqual(plain.search(query, request))
      }
    }
    expect(helper.jobs).toBe(queries.length * 2)
    expect(helper.rows).toBe(queries.length * 2 * ROWS)
  })

  it('never waits on the helper: sums every block itself when the helper never gets to the job, holds a block, or dies', async () => {
    const { added, queries } = rows(5, ROWS)
    const { exactVectors } = indexOf(added)
    const plain = new PlainF32Scan(DIMENSIONS, added)
    const request = { limit: 20, embedder: 'hash-v1' }
    // Busy with other work for good: the search must not wait for it.
    useScanHelper({ codeDots: () => new Promise<void>(() => {}) })
    const { index: busy } = indexOf(added) // made now: it takes the helper registered
    expect(await busy.search(queries[0]!, request, exactVectors)).toEqual(plain.search(queries[0]!, request))
    // Holds a block for good (its thread descheduled): the search sums it again rather than wait.
    useScanHelper({
      codeDots: (job) => {
        Atomics.add(job.claims, 0, 1)
        return new Promise<void>(() => {})
      },
    })
    const { index: stuck } = indexOf(added) // made now: it takes the helper registered
    expect(await stuck.search(queries[1]!, request, exactVectors)).toEqual(plain.search(queries[1]!, request))
    // Claims two blocks, finishes neither, and dies.
    const claimed: number[] = []
    useScanHelper({
      codeDots: async (job) => {
        claimed.push(Atomics.add(job.claims, 0, 1), Atomics.add(job.claims, 0, 1))
        throw new Error('helper died')
      },
    })
    const { index: dying } = indexOf(added) // made now: it takes the helper registered
    for (const query of queries) {
      expect(await dying.search(query, request, exactVectors)).toEqual(plain.search(query, request))
    }
    expect(claimed).toHaveLength(queries.length * 2)
  })

  it('answers searches started together on one index (each pass with its own sums) as a plain f32 scan does', async () => {
    useScanHelper(worker)
    const { added, queries } = rows(6, ROWS)
    const { index, exactVectors } = indexOf(added)
    const plain = new PlainF32Scan(DIMENSIONS, added)
    const request = { limit: 30, embedder: 'hash-v1' }
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(queries.map((query) => index.search(query, request, exactVectors)))
      answers.forEach((answer, q) => expect(answer).toEqual(plain.search(queries[q]!, request)))
    }
  })

  it('gives the same answers when the helper fails (the rows are summed in place) and after it is restarted', async () => {
    const helper = new CountingHelper(worker)
    useScanHelper(helper)
    const { added, queries } = rows(2, ROWS)
    const { index, exactVectors } = indexOf(added)
    const plain = new PlainF32Scan(DIMENSIONS, added)
    const request = { limit: 20, embedder: 'hash-v1' }
    helper.fail = true
    for (const query of queries) {
      expect(await index.search(query, request, exactVectors)).toEqual(plain.search(query, request))
    }
    helper.fail = false
    await worker.close() // the next job starts a new worker
    for (const query of queries) {
      expect(await index.search(query, request, exactVectors)).toEqual(plain.search(query, request))
    }
    expect(helper.jobs).toBe(queries.length * 2)
  })

  it('answers for the rows as they are when rows were added or removed while the helper summed', async () => {
    useScanHelper(worker)
    const { added, queries } = rows(3, ROWS)
    const { index, add, stored, exactVectors } = indexOf(added)
    const query = queries[1]!
    const request = { limit: 30, embedder: 'hash-v1' }
    const before = new PlainF32Scan(DIMENSIONS, added).search(query, request)
    // Removing the best rows moves the last rows into their places, and a new row goes to the end,
    // while the search waits for its helper: ids must not follow the moved rows.
    const search = index.search(query, request, exactVectors)
    const removed = before.slice(0, 10).map((hit) => hit.id)
    index.remove(removed)
    for (const id of removed) stored.delete(id)
    add('new-best', query)
    const after = [...stored.values()].map(({ id, vector }) => ({ id, vector: vector! }))
    const expected = new PlainF32Scan(DIMENSIONS, after).search(query, request)
    expect(expected[0]!.id).toBe('new-best')
    expect(await search).toEqual(expected)
  })

  it('leaves hybrid search answers unchanged (BM25 runs while the helper sums)', async () => {
    // Past HELPER_FROM_ROWS: a SearchIndex's vector index uses its defaults.
    const count = HELPER_FROM_ROWS + 2000
    const { added, queries } = rows(4, count)
    const document = newDocument('c')
    const topics = ['rivers', 'mountains', 'cities', 'forests']
    const chunks = added.map(({ id, vector }, i) =>
      newChunk(document, i, { id, vector, text: `passage ${i} about ${topics[i % 4]} and ${i % 7} things` }),
    )
    const stored = new Map(added.map(({ id, vector }) => [id, { id, embedder: 'hash-v1', vector }]))
    const exactVectors: ExactVectors = async (ids) => ids.flatMap((id) => stored.get(id) ?? [])
    const search = async (index: SearchIndex) => {
      const answers = []
      for (const [q, queryVector] of queries.entries()) {
        answers.push(
          await index.search({
            query: `what about ${topics[q % 4]} things`,
            queryVector,
            embedder: 'hash-v1',
            exactVectors,
            limit: 5,
            mode: 'hybrid',
            // hash-v1's own weight is 0, and a list weighted 0 is not searched at all (SearchIndex).
            vectorWeight: 0.5,
            similarityThreshold: 0,
          }),
        )
      }
      return answers
    }
    const alone = new SearchIndex()
    alone.add(chunks)
    const expected = await search(alone)
    const helper = new CountingHelper(worker)
    useScanHelper(helper)
    const helped = new SearchIndex()
    helped.add(chunks)
    expect(await search(helped)).toEqual(expected)
    expect(helper.jobs).toBe(queries.length)
    expect(expected.every((answer) => answer.method === 'hybrid' && answer.results.length === 5)).toBe(true)
  })
})

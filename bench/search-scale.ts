import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { processScanHelper } from '../sync-server/src/search/WorkerScanHelper'
import { openSqlStore } from '../sync-server/src/sql/openSqlStore'
import type { SqlStore } from '../sync-server/src/sql/SqlStore'
import { hashEmbedder } from '../web/core/ingest/embed/hashEmbedder'
import { defaultSimilarityThreshold } from '../web/core/retrieve/defaultSimilarityThreshold'
import type { ExactVectors } from '../web/core/retrieve/index/ExactVectors'
import { PlainF32Scan } from '../web/core/retrieve/index/PlainF32Scan'
import { useScanHelper } from '../web/core/retrieve/index/ScanHelper'
import { candidateDepth, SearchIndex } from '../web/core/retrieve/index/SearchIndex'
import { MAX_RESCORED, VectorIndex } from '../web/core/retrieve/index/VectorIndex'
import { newCollection, newDocument } from '../web/core/testing/conformance/store/fixtures'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import type { Benchmark } from './lib/Benchmark'
import { hashHybridSearch } from './lib/hashHybridSearch'
import { latencySummary, type LatencySummary } from './lib/latencySummary'
import { round } from './lib/round'
import { syntheticChunks } from './lib/syntheticChunks'
import { xquadQuestions } from './lib/xquadQuestions'
import { xquadSentences } from './lib/xquadSentences'

const NAME = 'search-scale'
const LIMIT = 5
/** Chunks made, embedded, stored and indexed at a time: a million never sits in memory as records. */
const BATCH = 10_000
/** The targets: hybrid search p95 on the server at these sizes. */
export const SCALE_TARGETS_MS: Readonly<Record<number, number>> = { 100_000: 10, 1_000_000: 100 }
const MB = 1024 * 1024

export interface SearchScaleLine extends BenchLine {
  chunks: number
  dimensions: number
  /** Hybrid search (BM25, int8 bound pass, exact rescoring from SQLite, fusion), limit 5. */
  hybrid: LatencySummary & { queries: number; target_p95_ms: number | null; target_met: boolean | null }
  /** The same questions as BM25 searches alone (limit 5). */
  bm25: LatencySummary & { queries: number }
  /** Vector search alone (limit = hybrid's candidate depth): compact rows with exact rescoring versus a plain f32 scan. */
  vector_int8_rescored: LatencySummary & {
    queries: number
    rescored_mean: number
    rescored_max: number
    /**
     * Searches that read MAX_RESCORED vectors from the store: the rest of their crowd of near-ties is
     * ranked by estimate. Rows found in the index's cache are not reads, so at least this many.
     */
    rescore_capped: number
    /** Of each search, the time spent reading the candidates' vectors from SQLite (`chunkVectors`). */
    store_read: LatencySummary
  }
  vector_plain_f32: LatencySummary & { queries: number }
  /**
   * The int8 search's answers against the plain f32 scan's (limit = candidate depth), over the
   * `f32Queries` questions that rescored the most rows (capped ones first: the hardest cases):
   * questions answered with the same ids in the same order, and the mean share of the f32 top ids found.
   */
  agreement_with_f32: { queries: number; same_ids_in_order: number; mean_recall: number }
  /**
   * Memory after gc (heap used + external, which holds typed arrays and WebAssembly memory, + the
   * WebAssembly memory shared with the helper thread, which Node counts nowhere), MB per million chunks.
   */
  memory_mb_per_million: { vectors_int8: number; vectors_f32: number; bm25: number; total_int8: number }
  /** Setup: making, embedding, storing (SQLite) and indexing the chunks, s. */
  build_s: number
}

export interface SearchScaleSettings {
  sizes: number[]
  /** Timed hybrid and int8 vector searches (the xquad-en questions in order). */
  queries: number
  /** Timed plain f32 scans: a JS loop over every row, slow at a million. */
  f32Queries: number
}

export const defaultSearchScaleSettings: SearchScaleSettings = {
  sizes: [100_000, 1_000_000],
  queries: 632,
  f32Queries: 20,
}

/** `gc` without starting Node with --expose-gc (the flag set at run time, the function taken from a fresh context). */
function collector(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

/**
 * Hybrid search at 100,000 and 1,000,000 chunks on the server's terms, with memory per million
 * chunks. Each size builds, in batches of 10,000: synthetic xquad-en chunks (`syntheticChunks`, as
 * `bench search`), hash-v1 vectors, a real SQLite store (`openSqlStore` in a temp folder, the
 * server's store: rescoring reads the candidates' vectors from it) and a `SearchIndex`. Then it times
 * the questions as hybrid searches, as BM25 searches, and vector searches two ways on the same rows: compact rows with
 * exact rescoring (`VectorIndex`) and a plain f32 scan (`PlainF32Scan`, the same results). Memory is
 * measured after gc: the whole index, a `VectorIndex` of the same rows alone (its share; BM25 is the
 * rest) and the f32 rows. One line per size.
 */
export async function measureSearchScale(
  reporter: LineReporter<SearchScaleLine>,
  settings: SearchScaleSettings = defaultSearchScaleSettings,
): Promise<SearchScaleLine[]> {
  const gc = collector()
  // On the server's terms: its second thread sums part of each large index's pass (startServer).
  useScanHelper(processScanHelper())
  const memory = () => {
    gc()
    gc()
    const { heapUsed, external } = process.memoryUsage()
    return heapUsed + external
  }
  const articles = await xquadSentences()
  const questions = (await xquadQuestions()).map((question) => question.question)
  const queryVectors = await hashEmbedder.embed(questions)
  const threshold = defaultSimilarityThreshold(hashEmbedder.id)
  const lines: SearchScaleLine[] = []
  for (const size of settings.sizes) {
    const progress = (message: string) => reporter.progress(`${NAME}: ${size} chunks: ${message}`)
    const dir = mkdtempSync(join(tmpdir(), 'quire-search-scale-'))
    const store = await openSqlStore(dir)
    try {
      const started = performance.now()
      const before = memory()
      const { index, vectorIds } = await build(store, size, articles, progress)
      const buildS = (performance.now() - started) / 1000
      const total = memory() + index.sharedBytes - before

      let rescored: number[] = []
      let readMs: number[] = []
      const exactVectors: ExactVectors = async (ids) => {
        rescored[rescored.length - 1]! += ids.length
        const started = performance.now()
        const vectors = await store.chunks.chunkVectors(ids)
        readMs[readMs.length - 1]! += performance.now() - started
        return vectors
      }
      const time = async (count: number, run: (i: number) => Promise<unknown>): Promise<number[]> => {
        for (let i = 0; i < 20; i++) await run(questions.length - 1 - i) // warm-up
        const samples: number[] = []
        for (let i = 0; i < count; i++) {
          const start = performance.now()
          await run(i % questions.length)
          samples.push(performance.now() - start)
        }
        return samples
      }
      progress(`${settings.queries} hybrid searches`)
      const hybrid = await time(settings.queries, async (i) => {
        rescored.push(0)
        readMs.push(0)
        await hashHybridSearch(index, {
          query: questions[i]!,
          queryVector: queryVectors[i]!,
          exactVectors,
          limit: LIMIT,
          similarityThreshold: threshold,
        })
      })
      progress(`${settings.queries} BM25 searches`)
      const bm25 = await time(settings.queries, async (i) => {
        await index.search({
          query: questions[i]!,
          exactVectors,
          limit: LIMIT,
          mode: 'bm25',
          similarityThreshold: threshold,
        })
      })

      // The vector half alone, and its memory: the same rows in a VectorIndex of their own.
      progress('vector index alone')
      const beforeVectors = memory()
      const vectors = new VectorIndex(hashEmbedder.dimensions)
      vectors.reserve(size)
      await eachBatch(store, vectorIds, (id, vector) =>
        vectors.add(id, vector, { collection_id: 'c', document_id: 'd', embedder: hashEmbedder.id }),
      )
      const vectorBytes = memory() + vectors.sharedBytes - beforeVectors
      rescored = []
      readMs = []
      const vectorOptions = { limit: candidateDepth(LIMIT), embedder: hashEmbedder.id, minScore: threshold }
      progress(`${settings.queries} vector searches, int8 with rescoring`)
      const int8 = await time(settings.queries, async (i) => {
        rescored.push(0)
        readMs.push(0)
        await vectors.search(queryVectors[i]!, vectorOptions, exactVectors)
      })
      const int8Rescored = rescored.slice(20)
      const int8ReadMs = readMs.slice(20)

      progress(`${settings.f32Queries} plain f32 scans`)
      const beforeF32 = memory()
      const rows: Array<{ id: string; vector: Float32Array }> = []
      await eachBatch(store, vectorIds, (id, vector) => rows.push({ id, vector }))
      const plain = new PlainF32Scan(hashEmbedder.dimensions, rows)
      rows.length = 0
      const f32Bytes = memory() - beforeF32
      const f32 = await time(settings.f32Queries, async (i) => {
        plain.search(queryVectors[i]!, vectorOptions)
      })
      progress(`${settings.f32Queries} int8 answers compared with the f32 scan's`)
      const hardest = int8Rescored
        .map((rows, i) => ({ rows, question: i % questions.length }))
        .sort((a, b) => b.rows - a.rows)
        .slice(0, settings.f32Queries)
      let sameIds = 0
      let recall = 0
      for (const { question } of hardest) {
        const exact = plain.search(queryVectors[question]!, vectorOptions).map((hit) => hit.id)
        const found = (await vectors.search(queryVectors[question]!, vectorOptions, exactVectors)).map(
          (hit) => hit.id,
        )
        if (exact.join() === found.join()) sameIds++
        const wanted = new Set(exact)
        recall += exact.length === 0 ? 1 : found.filter((id) => wanted.has(id)).length / exact.length
      }

      const perMillion = (bytes: number) => round((bytes / MB) * (1_000_000 / size), 0)
      const target = SCALE_TARGETS_MS[size] ?? null
      const hybridSummary = latencySummary(hybrid)
      const line: SearchScaleLine = {
        benchmark: NAME,
        case: `hybrid search at scale, ${size} chunks, node`,
        chunks: size,
        dimensions: hashEmbedder.dimensions,
        hybrid: {
          ...hybridSummary,
          queries: hybrid.length,
          target_p95_ms: target,
          target_met: target === null ? null : hybridSummary.p95_ms <= target,
        },
        bm25: { ...latencySummary(bm25), queries: bm25.length },
        vector_int8_rescored: {
          ...latencySummary(int8),
          queries: int8.length,
          rescored_mean: round(int8Rescored.reduce((a, b) => a + b, 0) / int8Rescored.length, 1),
          rescored_max: Math.max(...int8Rescored),
          rescore_capped: int8Rescored.filter((rows) => rows >= MAX_RESCORED).length,
          store_read: latencySummary(int8ReadMs),
        },
        vector_plain_f32: { ...latencySummary(f32), queries: f32.length },
        agreement_with_f32: {
          queries: hardest.length,
          same_ids_in_order: sameIds,
          mean_recall: round(recall / Math.max(1, hardest.length), 4),
        },
        memory_mb_per_million: {
          vectors_int8: perMillion(vectorBytes),
          vectors_f32: perMillion(f32Bytes),
          bm25: perMillion(total - vectorBytes),
          total_int8: perMillion(total),
        },
        build_s: round(buildS, 0),
        node: process.version,
        date: new Date().toISOString(),
      }
      reporter.emit(line)
      lines.push(line)
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return lines
}

/** Makes, embeds, stores and indexes `size` chunks a batch at a time; the index and the ids with vectors. */
async function build(
  store: SqlStore,
  size: number,
  articles: Awaited<ReturnType<typeof xquadSentences>>,
  progress: (message: string) => void,
): Promise<{ index: SearchIndex; vectorIds: string[] }> {
  const collections = await Promise.all(
    [0, 1, 2, 3].map(() => store.collections.createCollection(newCollection())),
  )
  const index = new SearchIndex()
  const ids: string[] = []
  const perDocument = 20
  for (let start = 0; start < size; start += BATCH) {
    if (start % 100_000 === 0) progress(`building, ${start} chunks so far`)
    const count = Math.min(BATCH, size - start)
    const chunks = syntheticChunks(articles, {
      count,
      seed: size + start,
      chunksPerDocument: perDocument,
      firstDocument: start / perDocument,
    })
    const vectors = await hashEmbedder.embed(chunks.map((chunk) => chunk.text))
    const byDocument = new Map<string, typeof chunks>()
    chunks.forEach((chunk, i) => {
      chunk.vector = vectors[i]!
      chunk.embedder = hashEmbedder.id
      chunk.collection_id = collections[Number(chunk.collection_id.split('-')[1])]!.id
      const list = byDocument.get(chunk.document_id) ?? []
      list.push(chunk)
      byDocument.set(chunk.document_id, list)
      ids.push(chunk.id)
    })
    for (const [documentId, list] of byDocument) {
      await store.documents.createDocument(
        newDocument(list[0]!.collection_id, {
          id: documentId,
          status: 'completed',
          chunk_count: list.length,
        }),
      )
      await store.chunks.replaceChunks(documentId, list)
    }
    index.add(chunks)
  }
  return { index, vectorIds: ids }
}

/** Every stored vector of `ids`, read back from the store a batch at a time. */
async function eachBatch(
  store: SqlStore,
  ids: readonly string[],
  each: (id: string, vector: Float32Array) => void,
): Promise<void> {
  for (let start = 0; start < ids.length; start += BATCH) {
    for (const { id, vector } of await store.chunks.chunkVectors(ids.slice(start, start + BATCH))) {
      if (vector) each(id, vector)
    }
  }
}

export const searchScale: Benchmark = {
  name: NAME,
  run: (context) => measureSearchScale({ emit: context.emit, progress: context.progress }),
}

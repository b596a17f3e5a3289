import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqlStore } from '../sync-server/src/sql/openSqlStore'
import type { SqlStore } from '../sync-server/src/sql/SqlStore'
import type { ApiPorts } from '../web/core/api/ApiPorts'
import { searchRoutes } from '../web/core/api/search/searchRoutes'
import type { SearchPorts } from '../web/core/api/search/SearchPorts'
import { hashEmbedder } from '../web/core/ingest/embed/hashEmbedder'
import { ingestFile } from '../web/core/ingest/ingestFile'
import { textParsers } from '../web/core/ingest/parse/textParsers'
import { createQueryEmbedders } from '../web/core/api/createQueryEmbedders'
import { SearchIndex, type SearchRequest } from '../web/core/retrieve/index/SearchIndex'
import type { ChunkFilter } from '../web/core/store/ChunkRecord'
import type { DocumentFilter } from '../web/core/store/DocumentRecord'
import { newCollection, newDocument } from '../web/core/testing/conformance/store/fixtures'
import { systemClock } from '../web/core/kernel/time/Clock'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import type { Benchmark } from './lib/Benchmark'
import { ingestedChunkRecords } from './lib/ingestedChunkRecords'
import { largeFolderFiles } from './lib/largeFolderFiles'
import { latencySummary, type LatencySummary } from './lib/latencySummary'
import { round } from './lib/round'
import { xquadQuestions } from './lib/xquadQuestions'
import { xquadSentences } from './lib/xquadSentences'

const NAME = 'search-path'
/** `browser-large`'s seed: the same folder, passage for passage. */
const SEED = 44

export interface SearchPathLine extends BenchLine {
  documents: number
  passages: number
  /** Timed searches: the questions, `rounds` times. */
  queries: number
  /** The whole request as the route's handler runs it (top 5, hybrid, the collection). */
  search: LatencySummary
  /** The first search, untimed in `search`: document profiles made, lists compacted. */
  first_search_ms: number
  /** Mean ms per search of each part: what the handler awaited of the store and of the index. */
  parts_mean_ms: { list_documents: number; index_search: number; read_rows: number; embed_query: number }
  /** Chunk rows read per search (`getChunks`), mean. */
  rows_read: number
  /** Processing the folder: parsing, chunking, embedding, storing and indexing, s. */
  build_s: number
}

export interface SearchPathSettings {
  documents: number
  paragraphs: number
  /** Every n-th xquad-en question is asked, as `browser-large` asks them: this many. */
  questions: number
  rounds: number
}

export const defaultSearchPathSettings: SearchPathSettings = {
  documents: 200,
  paragraphs: 500,
  questions: 40,
  rounds: 5,
}

/**
 * The whole search request at `browser-large`'s size, in process, with the server's store: the folder
 * `browser-large` makes (200 text documents, 138,692 passages) processed as a host processes it
 * (`ingestFile`, hash-v1, a SQLite store, a `SearchIndex`), then its questions asked of the handler of
 * `POST /api/search_u/` (top 5, hybrid, the collection), with the store and index ports timed: where a
 * search's time goes, without a browser or HTTP around it. One line.
 */
export async function measureSearchPath(
  reporter: LineReporter<SearchPathLine>,
  settings: SearchPathSettings = defaultSearchPathSettings,
): Promise<SearchPathLine[]> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-search-path-'))
  const store = await openSqlStore(dir)
  try {
    const started = performance.now()
    const { index, collectionId, passages } = await build(store, settings, reporter)
    const buildS = (performance.now() - started) / 1000
    const all = await xquadQuestions()
    const stride = Math.max(1, Math.floor(all.length / settings.questions))
    const questions = all.filter((_, i) => i % stride === 0).slice(0, settings.questions)

    const parts = { list_documents: 0, index_search: 0, read_rows: 0, embed_query: 0 }
    let rows = 0
    const timed =
      <A extends unknown[], R>(part: keyof typeof parts, run: (...args: A) => Promise<R> | R) =>
      async (...args: A): Promise<R> => {
        const start = performance.now()
        try {
          return await run(...args)
        } finally {
          parts[part] += performance.now() - start
        }
      }
    const embedders = createQueryEmbedders()
    const ports: SearchPorts = {
      // What the search route reads of the store, timed.
      store: {
        collections: store.collections,
        documents: {
          listDocuments: timed('list_documents', (filter?: DocumentFilter) =>
            store.documents.listDocuments(filter),
          ),
        },
        chunks: {
          listChunks: (filter?: ChunkFilter) => store.chunks.listChunks(filter),
          chunkVectors: (ids: readonly string[]) => store.chunks.chunkVectors(ids),
          // The documents' openings, for their profiles (read once, on the first search).
          documentOpenings: (ids: readonly string[]) => store.chunks.documentOpenings(ids),
          keepOpenings: (openings: Parameters<typeof store.chunks.keepOpenings>[0]) =>
            store.chunks.keepOpenings(openings),
          getChunks: timed('read_rows', (ids: readonly string[]) => {
            rows += ids.length
            return store.chunks.getChunks(ids)
          }),
        },
      } as unknown as SearchPorts['store'],
      index: {
        search: timed('index_search', (request: SearchRequest) => index.search(request)),
        replaceDocument: (id, chunks) => index.replaceDocument(id, chunks),
        removeDocument: (id) => index.removeDocument(id),
        removeCollection: (id) => index.removeCollection(id),
        add: (chunks) => index.add(chunks),
      },
      queryEmbedders: {
        embed: timed('embed_query', (id: string, text: string, signal?: AbortSignal) =>
          embedders.embed(id, text, signal),
        ),
      },
      logError: (error) => reporter.progress(`${NAME}: ${String(error)}`),
    }
    const route = searchRoutes.find((candidate) => candidate.operationId === 'search')!
    const ask = async (query: string) => {
      const result = await route.handler(
        {
          body: { query, collection_id: collectionId, top_k: 5, use_hybrid_search: true },
          params: {},
          query: {},
          files: {},
          headers: {},
        },
        // The table's entries are typed for every port; the search route reads only `SearchPorts`.
        ports as unknown as ApiPorts,
      )
      if (result.status !== 200) throw new Error(`${NAME}: a search answered ${result.status}`)
    }
    reporter.progress(`${NAME}: ${settings.rounds} x ${questions.length} searches`)
    let start = performance.now()
    await ask(questions[0]!.question)
    const firstMs = performance.now() - start
    for (const key of Object.keys(parts) as Array<keyof typeof parts>) parts[key] = 0
    rows = 0
    const samples: number[] = []
    for (let round = 0; round < settings.rounds; round++) {
      for (const { question } of questions) {
        start = performance.now()
        await ask(question)
        samples.push(performance.now() - start)
      }
    }
    const mean = (total: number) => round(total / samples.length, 3)
    const line: SearchPathLine = {
      benchmark: NAME,
      case: `POST /api/search_u/ handler, ${passages} passages, top 5, hybrid, sqlite`,
      documents: settings.documents,
      passages,
      queries: samples.length,
      search: latencySummary(samples),
      first_search_ms: round(firstMs, 1),
      parts_mean_ms: {
        list_documents: mean(parts.list_documents),
        index_search: mean(parts.index_search),
        read_rows: mean(parts.read_rows),
        embed_query: mean(parts.embed_query),
      },
      rows_read: round(rows / samples.length, 1),
      build_s: round(buildS, 0),
      node: process.version,
      date: new Date().toISOString(),
    }
    reporter.emit(line)
    return [line]
  } finally {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The folder processed into the store and an index, one document at a time, as a host does. */
async function build(
  store: SqlStore,
  settings: SearchPathSettings,
  reporter: LineReporter<SearchPathLine>,
): Promise<{ index: SearchIndex; collectionId: string; passages: number }> {
  const collection = await store.collections.createCollection(newCollection())
  const files = largeFolderFiles(await xquadSentences(), { ...settings, seed: SEED })
  const index = new SearchIndex()
  let passages = 0
  for (const [i, file] of files.entries()) {
    if (i % 20 === 0) reporter.progress(`${NAME}: processing, ${i} of ${files.length} documents`)
    const { chunks, vectors, metadata } = await ingestFile(file.bytes, file.name, {
      parsers: textParsers,
      embedder: hashEmbedder,
      clock: systemClock,
    })
    const document = newDocument(collection.id, {
      original_filename: file.name,
      document_type: 'txt',
      status: 'completed',
      processed_at: new Date().toISOString(),
      chunk_count: chunks.length,
      metadata: { ...metadata },
      progress: null,
    })
    await store.documents.createDocument(document)
    const records = ingestedChunkRecords(
      { chunks, vectors },
      { documentId: document.id, collectionId: collection.id, embedder: hashEmbedder.id },
      () => crypto.randomUUID(),
    )
    await store.chunks.replaceChunks(document.id, records)
    index.add(records)
    passages += records.length
  }
  return { index, collectionId: collection.id, passages }
}

export const searchPath: Benchmark = {
  name: NAME,
  run: (context) => measureSearchPath({ emit: context.emit, progress: context.progress }),
}

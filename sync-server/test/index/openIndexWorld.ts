import type { SearchIndex } from '../../../web/core/retrieve/index/SearchIndex'
import type { SearchRequest } from '../../../web/core/retrieve/index/SearchIndex'
import type { ChunkRecord } from '../../../web/core/store/ChunkRecord'
import type { DocumentRecord } from '../../../web/core/store/DocumentRecord'
import { newCollection, newDocument } from '../../../web/core/testing/conformance/store/fixtures'
import { hashEmbedder } from '../../../web/core/ingest/embed/hashEmbedder'
import { openSqlStore } from '../../src/sql/openSqlStore'
import type { SqlDriver } from '../../src/sql/SqlDriver'
import { SqlIndexSnapshots } from '../../src/sql/SqlIndexSnapshots'
import type { SqlStore } from '../../src/sql/SqlStore'
import type { TestSqlDatabase } from '../postgres/testSqlDialects'

const WORDS =
  'harbour bridge castle museum river tesla induction motor steam engine oxygen element warsaw poland kettle turbine magnet coil'.split(
    ' ',
  )

/** A person's store (a SQLite file or a PostgreSQL schema) with documents of chunks that have real hash-v1 vectors, and its snapshot store. */
export interface IndexWorld {
  store: SqlStore
  /** A second connection to the same database, as the server gives the snapshot store. */
  driver: SqlDriver
  snapshots: SqlIndexSnapshots
  collectionId: string
  /** Adds a document with `count` chunks to the store (not to any index). */
  addDocument(count: number, seed: number): Promise<DocumentRecord>
  /** New chunks for a document already stored (the store's replaceChunks makes them its next set). */
  chunksFor(document: DocumentRecord, count: number, seed: number): Promise<ChunkRecord[]>
  close(): Promise<void>
}

export async function openIndexWorld(database: TestSqlDatabase): Promise<IndexWorld> {
  const store = await openSqlStore(database.connect())
  const driver = database.connect()
  const collection = await store.collections.createCollection(newCollection())
  const chunksFor = async (document: DocumentRecord, count: number, seed: number) => {
    const texts = Array.from({ length: count }, (_, i) =>
      Array.from(
        { length: 12 },
        (_, w) => WORDS[(seed * 7 + i * 3 + w * ((seed % 5) + 1)) % WORDS.length],
      ).join(' '),
    )
    const vectors = await hashEmbedder.embed(texts)
    return texts.map((text, index): ChunkRecord => ({
      id: `${document.id}-${seed}-${index}`,
      document_id: document.id,
      collection_id: document.collection_id,
      index,
      text,
      page: null,
      heading: `Part ${seed}`,
      token_count: 12,
      embedder: hashEmbedder.id,
      vector: vectors[index]!,
    }))
  }
  return {
    store,
    driver,
    snapshots: new SqlIndexSnapshots(driver, store),
    collectionId: collection.id,
    chunksFor,
    async addDocument(count, seed) {
      const document = await store.documents.createDocument(
        newDocument(collection.id, { status: 'completed' }),
      )
      await store.chunks.replaceChunks(document.id, await chunksFor(document, count, seed))
      return document
    },
    async close() {
      await driver.close()
      await store.close()
    },
  }
}

export const QUERIES = [
  'harbour bridge',
  'tesla motor coil',
  'oxygen element warsaw',
  'kettle',
  'castel museum',
]

/** A keyword search (the vector part is VectorIndex's own bytes, tested there). */
export function keywordRequest(query: string, limit = 10): SearchRequest {
  return { query, limit, mode: 'bm25', similarityThreshold: 0 } as SearchRequest
}

/**
 * What the index finds for every query (every match: the limit is past the test's chunks), by id,
 * and how many chunks and vectors it holds. Not the scores: BM25's average field lengths are running
 * averages (MiniSearch's arithmetic, kept), so an index brought up to date document by document scores
 * a little differently from a fresh build (`Bm25Index.bytes.test.ts` shows an index read back scores
 * exactly as the one written).
 */
export async function answers(index: Pick<SearchIndex, 'search' | 'size' | 'vectorCount'>): Promise<unknown> {
  const results = []
  for (const query of QUERIES) {
    const { results: hits } = await index.search(keywordRequest(query, 1000))
    results.push(hits.map(({ id }) => id).sort())
  }
  return { size: index.size, vectors: index.vectorCount(hashEmbedder.id), results }
}

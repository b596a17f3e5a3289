import { hashEmbedder } from '../../web/core/ingest/embed/hashEmbedder'
import { definedTerms } from '../../web/core/retrieve/definedTerms'
import { SearchIndex } from '../../web/core/retrieve/index/SearchIndex'
import type { SearchChunksPorts } from '../../web/core/retrieve/searchChunks'
import type { ChunkRecord } from '../../web/core/store/ChunkRecord'
import { documentOpening } from '../../web/core/store/DocumentOpening'
import type { DocumentRecord } from '../../web/core/store/DocumentRecord'

/** A document of a bench collection: its id, collection, file name and its chunks in order. */
export interface BenchDocument {
  id: string
  collectionId: string
  filename: string
  chunks: readonly ChunkRecord[]
}

/**
 * The ports `searchChunks` and `findSources` run on, over documents already ingested in memory: the
 * real search index and retrieval code, with a store that is a map. What differs from a host is only
 * where chunks are kept, so an answer here is the answer the API gives for the same chunks.
 */
export function memorySearchPorts(documents: readonly BenchDocument[]): SearchChunksPorts {
  const chunks = documents.flatMap((document) =>
    document.chunks.map((chunk) => ({
      ...chunk,
      document_id: document.id,
      collection_id: document.collectionId,
    })),
  )
  const byId = new Map(chunks.map((chunk) => [chunk.id, chunk]))
  const records: DocumentRecord[] = documents.map((document) => ({
    id: document.id,
    filename: document.filename,
    original_filename: document.filename,
    file_path: '',
    file_size: 0,
    document_type: document.filename.split('.').at(-1) ?? '',
    collection_id: document.collectionId,
    status: 'completed',
    created_at: '2026-01-01T00:00:00Z',
    processed_at: '2026-01-01T00:00:00Z',
    // What ingest stores (`ingestFile`, from the document's text; here from its chunks, which hold it).
    metadata: {
      embedder: hashEmbedder.id,
      defined_terms: definedTerms(document.chunks.map(({ text }) => text).join('\n')),
    },
    chunk_count: document.chunks.length,
    progress: null,
  }))
  const index = SearchIndex.fromChunks(chunks)
  const ofIds = (ids: readonly string[]) => ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
  return {
    index,
    queryEmbedders: {
      async embed(embedderId, text) {
        return embedderId === hashEmbedder.id ? ((await hashEmbedder.embed([text]))[0] ?? null) : null
      },
    },
    store: {
      documents: {
        async listDocuments(filter) {
          return records.filter(
            (record) =>
              (!filter?.collectionId || record.collection_id === filter.collectionId) &&
              (!filter?.statuses || filter.statuses.includes(record.status)),
          )
        },
      } as SearchChunksPorts['store']['documents'],
      chunks: {
        async replaceChunks() {
          throw new Error('read-only')
        },
        async addChunks() {
          throw new Error('read-only')
        },
        async listChunks(filter) {
          return chunks.filter(
            (chunk) =>
              (!filter?.documentId || chunk.document_id === filter.documentId) &&
              (!filter?.collectionId || chunk.collection_id === filter.collectionId),
          )
        },
        async getChunks(ids) {
          return ofIds(ids)
        },
        // Stored with the chunks, as a host's store stores them (`replaceChunks`).
        async documentOpenings(ids) {
          return new Map(
            documents
              .filter(({ id }) => ids.includes(id))
              .map(({ id, chunks }) => [id, documentOpening(chunks)]),
          )
        },
        async keepOpenings() {},
        async chunkVectors(ids) {
          return ofIds(ids).flatMap((chunk) =>
            chunk.vector ? [{ id: chunk.id, embedder: chunk.embedder, vector: chunk.vector }] : [],
          )
        },
      },
    },
  }
}

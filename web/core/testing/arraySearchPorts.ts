import { createQueryEmbedders } from '../api/createQueryEmbedders'
import { SearchIndex } from '../retrieve/index/SearchIndex'
import type { SearchChunksPorts } from '../retrieve/searchChunks'
import type { ChunkFilter, ChunkRecord } from '../store/ChunkRecord'
import type { DocumentRecord } from '../store/DocumentRecord'

/**
 * `searchChunks`' ports over arrays, for tests: a store that records the ids each `getChunks` was asked
 * for (`gone` ids are not found) and keeps no openings (documents processed before openings were, so
 * profiles read the chunks), an index of the chunks, and the built-in query embedders.
 */
export function arraySearchPorts(records: DocumentRecord[], chunks: ChunkRecord[], gone = new Set<string>()) {
  const asked: string[][] = []
  const byId = new Map(chunks.map((chunk) => [chunk.id, chunk]))
  const store = {
    documents: {
      listDocuments: async () => records,
    },
    chunks: {
      async listChunks(filter: ChunkFilter = {}) {
        return chunks
          .filter((chunk) => chunk.document_id === filter.documentId)
          .sort((a, b) => a.index - b.index)
          .slice(0, filter.limit)
      },
      async getChunks(ids: readonly string[]) {
        asked.push([...ids])
        return ids.flatMap((id) => (gone.has(id) || !byId.has(id) ? [] : [byId.get(id)!]))
      },
      chunkVectors: async () => [],
      replaceChunks: () => Promise.reject(new Error('not used')),
      documentOpenings: async () => new Map(),
      keepOpenings: async () => {},
    },
  } as unknown as SearchChunksPorts['store']
  const ports: SearchChunksPorts = {
    store,
    index: SearchIndex.fromChunks(chunks),
    queryEmbedders: createQueryEmbedders(),
  }
  return { ports, asked, byId }
}

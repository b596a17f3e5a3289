import type { ChunkFilter, ChunkRecord } from './ChunkRecord'
import type { ChunkVector } from './ChunkVector'

/** The chunks a document's processing made, with their vectors: what search reads. A sub-port of Store (see Store.ts). */
export interface ChunkStore {
  /** Replaces all chunks of a document in one step (a reader never sees half of them). */
  replaceChunks(documentId: string, chunks: readonly ChunkRecord[]): Promise<void>
  /** Chunks in document order (`created_at` of the document, then `index`). */
  listChunks(filter?: ChunkFilter): Promise<ChunkRecord[]>
  /** The chunks with these ids that exist, in no particular order (vectors included). */
  getChunks(ids: readonly string[]): Promise<ChunkRecord[]>
  /**
   * The stored vectors (with their embedder) of the chunks with these ids that exist, in no
   * particular order: what a search reads to rescore its candidates exactly, hundreds per query.
   */
  chunkVectors(ids: readonly string[]): Promise<ChunkVector[]>
}

import type { ChunkFilter, ChunkRecord } from './ChunkRecord'
import type { ChunkVector } from './ChunkVector'
import type { DocumentOpening } from './DocumentOpening'

/** The chunks a document's processing made, with their vectors: what search reads. A sub-port of Store (see Store.ts). */
export interface ChunkStore {
  /**
   * Replaces all chunks of a document in one step (a reader never sees half of them), and with them
   * its opening (`documentOpening(chunks)`), which `documentOpenings` reads.
   */
  replaceChunks(documentId: string, chunks: readonly ChunkRecord[]): Promise<void>
  /**
   * Adds chunks to the document's current ones in one step (a scanned page read after the rest was
   * stored: `processDocument`), with `index`es after theirs; the rest are neither read nor written, and
   * the opening stays as it is. Changes the document's version as the search index snapshot sees it.
   * Nothing when the document does not exist.
   */
  addChunks(documentId: string, chunks: readonly ChunkRecord[]): Promise<void>
  /**
   * The stored openings of these documents, in one read (a start's first search wants 200 documents'
   * profiles): the one stored with each document's current chunks, or kept by `keepOpenings`. A
   * document whose chunks were stored before openings were, or that does not exist, is absent. Never
   * part of a `DocumentRecord`, so no API response or sync record carries one.
   */
  documentOpenings(documentIds: readonly string[]): Promise<Map<string, DocumentOpening>>
  /**
   * Stores these openings, read from the documents' chunks, for the documents that have none (stored
   * before openings were); a stored one is never replaced (a replacement's own is as new or newer),
   * and a document that does not exist gets none.
   */
  keepOpenings(openings: ReadonlyMap<string, DocumentOpening>): Promise<void>
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

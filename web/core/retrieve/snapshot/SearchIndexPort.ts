import type { ChunkRecord } from '../../store/ChunkRecord'
import type { SearchRequest, SearchResponse } from '../index/SearchIndex'

/**
 * The search index as the routes and the background work see it (`ApiPorts.index`): a
 * `SearchIndex` held in memory (the browser), or a `ManagedIndex` loaded on first use and dropped
 * under memory pressure (the server).
 */
export interface SearchIndexPort {
  search(request: SearchRequest): SearchResponse | Promise<SearchResponse>
  /** Makes `chunks` the document's indexed chunks (in slices); `[]` drops the document. */
  replaceDocument(documentId: string, chunks: readonly ChunkRecord[]): Promise<void>
  removeDocument(documentId: string): void
  removeCollection(collectionId: string): void
  add(chunks: readonly ChunkRecord[]): void
  /**
   * Warms the search code up soon with searches of these shapes (`ManagedIndex.warmUp`): a person is
   * likely to search next. A function is asked for them only when a warm-up will run (they cost a read
   * of every document's opening).
   */
  warmUp?(shapes: WarmUpShapes): void
  /** Saves what changed soon, not once changes settle (`ManagedIndex.saveSoon`): they have. */
  saveSoon?(): void
}

/** A warm-up search's request but its words (and no vector: keywords only). */
export type WarmUpShape = Omit<SearchRequest, 'query' | 'queryVector' | 'embedder' | 'exactVectors'>

/** Warm-up shapes, or what reads them when they are wanted. */
export type WarmUpShapes = readonly WarmUpShape[] | (() => Promise<readonly WarmUpShape[]>)

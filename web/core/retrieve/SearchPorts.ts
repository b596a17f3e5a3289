import type { QueryEmbedders } from './QueryEmbedders'
import type { SearchIndexPort } from './snapshot/SearchIndexPort'

/** The search index and the query embedders that search it. */
export interface SearchPorts {
  /**
   * The search index over every stored chunk, kept in step with processing and deletes: in memory
   * (the browser), or loaded on first use within a memory budget (the server's `ManagedIndex`).
   */
  index: SearchIndexPort
  /** Embeds search queries with the embedder of the vectors searched. */
  queryEmbedders: QueryEmbedders
}

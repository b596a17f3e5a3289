import { hashEmbedder } from '../../web/core/ingest/embed/hashEmbedder'
import type { ExactVectors } from '../../web/core/retrieve/index/ExactVectors'
import type { SearchIndex, SearchResponse } from '../../web/core/retrieve/index/SearchIndex'

/**
 * A hybrid search of `index` with a hash-v1 query vector, as the benchmarks time it. A search that
 * fell back to another method would time something else, so it throws instead.
 */
export async function hashHybridSearch(
  index: SearchIndex,
  search: {
    query: string
    queryVector: Float32Array
    exactVectors: ExactVectors
    limit: number
    similarityThreshold: number
  },
): Promise<SearchResponse> {
  const response = await index.search({ ...search, embedder: hashEmbedder.id, mode: 'hybrid' })
  if (response.method !== 'hybrid')
    throw new Error(`"${search.query}": ${response.method} search, not hybrid`)
  return response
}

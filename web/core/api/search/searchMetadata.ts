import type { z } from 'zod'
import { defaultSimilarityThreshold } from '../../retrieve/defaultSimilarityThreshold'
import { queriesSearched, type SearchChunksResult } from '../../retrieve/searchChunks'
import type { searchResponseSchema } from './searchSchemas'

/**
 * How a search ran, as both search forms answer it (`/api/search_u/` and the reference service's
 * `/search/`): the queries searched, the method, the count, the embedder and the vector threshold
 * applied (the embedder's own where the request set none).
 */
export function searchMetadata(
  queries: readonly string[],
  found: SearchChunksResult,
  threshold: number | undefined,
): z.output<typeof searchResponseSchema>['metadata'] {
  return {
    queries_used: queriesSearched(queries, found),
    search_method: found.method,
    total_results: found.chunks.length,
    embedder: found.embedder,
    similarity_threshold: threshold ?? defaultSimilarityThreshold(found.embedder),
    ...(found.fallback_reason ? { note: found.fallback_reason } : {}),
  }
}

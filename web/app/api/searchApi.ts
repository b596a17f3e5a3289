import type { z } from 'zod'
import type { searchResponseSchema } from '../../core/api/search/searchSchemas'
import { requestJson } from './requestJson'

/** The search answer as the route table documents it; types only, so zod stays out of the app's bundle. */
export type SearchResponse = z.output<typeof searchResponseSchema>
export type SearchChunk = SearchResponse['chunks'][number]
export type SearchIntent = SearchResponse['intent']

export interface SearchRequest {
  query: string
  /** Left out: every collection is searched. */
  collection_id?: string
  top_k: number
  use_hybrid_search: boolean
}

export function searchChunks(request: SearchRequest, signal?: AbortSignal): Promise<SearchResponse> {
  return requestJson<SearchResponse>('/api/search_u/', { method: 'POST', body: request, signal })
}

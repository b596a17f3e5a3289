import { DEFAULT_TOP_K, MAX_TOP_K, type SearchParams } from '../search/searchParams'

/** A module's `collection_id`, trimmed; '' when it has none. */
export function configCollectionId(config: Record<string, unknown>): string {
  return typeof config.collection_id === 'string' ? config.collection_id.trim() : ''
}

/** A search module's config as the search form's starting values: its collection and how many results. */
export function initialSearchParams(config: Record<string, unknown>): SearchParams {
  const collection = configCollectionId(config)
  const k = Number(config.top_k)
  const topK = Number.isInteger(k) && k >= 1 && k <= MAX_TOP_K ? k : DEFAULT_TOP_K
  return { ...(collection ? { collection } : {}), ...(topK !== DEFAULT_TOP_K ? { top_k: topK } : {}) }
}

/** How many collections a collections module lists: its `limit` (1 to 100), 10 without one. */
export function collectionsLimit(config: Record<string, unknown>): number {
  const n = Number(config.limit)
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : 10
}

/**
 * The collection a Chat, Search or Evaluation module works on. One set in the designer pins it: a
 * collection chosen on the page (a Collections module's message) changes nothing. Without one it follows
 * the page's choice; until there is one, it has none ('').
 */
export function moduleCollectionId(
  config: Record<string, unknown>,
  chosen: { collection_id: string } | undefined,
): string {
  return configCollectionId(config) || chosen?.collection_id || ''
}

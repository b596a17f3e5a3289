/**
 * The search page's URL state. Everything that decides the results lives in the URL, so a reload, the back
 * button or a shared link shows the same search. Unknown or malformed values fall back to the defaults
 * instead of failing the route: a hand-edited URL should still open the page.
 */
export interface SearchParams {
  q?: string
  /** A collection id; absent for "All collections". */
  collection?: string
  top_k?: number
  /** Only written when off: hybrid is the default. */
  hybrid?: boolean
}

export const DEFAULT_TOP_K = 5
export const MAX_TOP_K = 50

export function validateSearchParams(raw: Record<string, unknown>): SearchParams {
  const params: SearchParams = {}
  if (typeof raw.q === 'string' && raw.q.trim() !== '') params.q = raw.q
  if (typeof raw.collection === 'string' && raw.collection !== '') params.collection = raw.collection
  const topK = typeof raw.top_k === 'string' ? Number(raw.top_k) : raw.top_k
  if (typeof topK === 'number' && Number.isInteger(topK) && topK >= 1 && topK <= MAX_TOP_K) {
    params.top_k = topK
  }
  if (raw.hybrid === false || raw.hybrid === 'false') params.hybrid = false
  return params
}

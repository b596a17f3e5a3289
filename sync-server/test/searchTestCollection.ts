import { expect } from 'vitest'

/** A passage as a search answers it: its document, its text and its metadata (OCR's confidence, say). */
export interface FoundPassage {
  document_id: string
  content: string
  metadata: { ocr?: { confidence: number } }
}

/** The passages (at most five) a search of one collection over HTTP finds for `query` (answered 200). */
export async function searchTestCollection(
  baseUrl: string,
  collectionId: string,
  query: string,
): Promise<FoundPassage[]> {
  const response = await fetch(`${baseUrl}/api/search_u/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, collection_id: collectionId, top_k: 5 }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { chunks: FoundPassage[] }).chunks
}

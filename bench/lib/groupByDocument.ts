import type { BenchDocument } from './memorySearchPorts'

/**
 * Ingested chunks as the documents `memorySearchPorts` serves, all in one collection: chunks grouped by
 * `document_id` (in their order), each document named by `filename(document_id)`.
 */
export function groupByDocument(
  chunks: ReadonlyArray<BenchDocument['chunks'][number]>,
  collectionId: string,
  filename: (documentId: string) => string,
): BenchDocument[] {
  const byDocument = new Map<string, Array<BenchDocument['chunks'][number]>>()
  for (const chunk of chunks) {
    const list = byDocument.get(chunk.document_id) ?? []
    list.push(chunk)
    byDocument.set(chunk.document_id, list)
  }
  return [...byDocument].map(([id, list]) => ({ id, collectionId, filename: filename(id), chunks: list }))
}

import type { DocumentRecord } from '../store/DocumentRecord'
import { fileKey } from './processDocument'

/**
 * The first of these documents whose stored file is exactly this content (files are kept by their
 * SHA-256, so the key is the content's hash): how an upload and a followed folder find a duplicate.
 * Callers pass one collection's documents, of one person's store: a duplicate is never looked for
 * anywhere else.
 */
export function documentWithContent(
  documents: Iterable<DocumentRecord>,
  key: string,
): DocumentRecord | undefined {
  for (const document of documents) if (fileKey(document) === key) return document
  return undefined
}

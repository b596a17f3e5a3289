import type { FoundChunk } from '../retrieve/searchChunks'
import type { SourceDocument } from './SourceDocument'
import { storedSource } from './storedSource'

/** A search hit as the answer cites it, numbered `number`. */
export function foundSource({ chunk, document, score }: FoundChunk, number: number): SourceDocument {
  return storedSource(
    chunk,
    { document_id: document.id, filename: document.original_filename },
    number,
    score,
  )
}

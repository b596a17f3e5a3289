import type { FoundChunk } from '../retrieve/searchChunks'
import type { SourceDocument } from './SourceDocument'

/** A search hit as the answer cites it, numbered `number`. */
export function foundSource({ chunk, document, score }: FoundChunk, number: number): SourceDocument {
  return {
    number,
    document_id: document.id,
    chunk_id: chunk.id,
    content: chunk.text,
    score,
    filename: document.original_filename,
    page: chunk.page,
    heading: chunk.heading,
    ...(chunk.ocr ? { ocr: chunk.ocr } : {}),
  }
}

import type { ChunkRecord } from '../store/ChunkRecord'
import type { SourceDocument } from './SourceDocument'

/** A stored passage of a document as an answer cites it, numbered `number` (`score` 0: not search's). */
export function storedSource(
  chunk: Omit<ChunkRecord, 'vector'>,
  document: Pick<SourceDocument, 'document_id' | 'filename'>,
  number: number,
  score = 0,
): SourceDocument {
  return {
    number,
    document_id: document.document_id,
    chunk_id: chunk.id,
    content: chunk.text,
    score,
    filename: document.filename,
    page: chunk.page,
    heading: chunk.heading,
    ...(chunk.ocr ? { ocr: chunk.ocr } : {}),
  }
}

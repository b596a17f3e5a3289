import type { ChunkOcr } from '../store/ChunkRecord'

/**
 * A cited passage as assistant messages carry it in `metadata.source_documents`: the spec's
 * fields (document_id, chunk_id, content, score) plus what a reader needs to find it again.
 */
export interface SourceDocument {
  /** The number the answer cites it by: `[1]` is the first source. */
  number: number
  document_id: string
  chunk_id: string
  content: string
  score: number
  filename: string
  page: number | null
  heading: string | null
  /** Set when the passage was read by OCR: the engine's confidence on its page, 0..1. */
  ocr?: ChunkOcr
}

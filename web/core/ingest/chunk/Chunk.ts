import type { ChunkOcr } from '../../store/ChunkRecord'

/** One passage of a document as the chunker makes it, before it is stored as a `ChunkRecord`. */
export interface Chunk {
  /** Position within the document, from 0. */
  index: number
  text: string
  /** PDF page or slide of the chunk's first block; null for formats without pages. */
  page: number | null
  /** Heading path of the chunk's first content block, joined with ' > '; null outside any heading. */
  heading: string | null
  /** `countTokens(text)` with the counter the chunker was given. */
  tokenCount: number
  /** Set when the chunk's page was read by OCR (see `markOcrChunks`). */
  ocr?: ChunkOcr
}

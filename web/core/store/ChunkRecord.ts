/** One indexed passage of a document, with its vector when an embedder produced one. */
export interface ChunkRecord {
  id: string
  document_id: string
  collection_id: string
  /** Position within the document, from 0. */
  index: number
  text: string
  page: number | null
  heading: string | null
  token_count: number
  /** Id of the embedder that made `vector` (e.g. `hash-v1`); null when there is no vector. */
  embedder: string | null
  vector: Float32Array | null
  /**
   * Set when the passage was read by OCR (a scanned PDF page, an image): the page's mean word
   * confidence, 0..1. Absent for text read from the file itself, and on chunks stored before it existed.
   */
  ocr?: ChunkOcr
}

/** How a passage read by OCR was read. */
export interface ChunkOcr {
  /** The OCR engine's mean word confidence on the passage's page, 0..1. */
  confidence: number
}

export interface ChunkFilter {
  documentId?: string
  collectionId?: string
  /**
   * At most this many, the first in order (a whole number from 0): a document's opening without
   * reading the rest (a search's first look at 200 documents read all their chunks, 138k of them).
   */
  limit?: number
}

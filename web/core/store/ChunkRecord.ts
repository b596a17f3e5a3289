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
}

export interface ChunkFilter {
  documentId?: string
  collectionId?: string
}

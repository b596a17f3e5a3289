import type { Chunk } from '../../web/core/ingest/chunk/Chunk'
import type { ChunkRecord } from '../../web/core/store/ChunkRecord'

/**
 * The store's records of one ingested document's chunks (`ingestFile`'s chunks and vectors, in order):
 * each with its vector by `embedder` and, for a passage read by OCR, how it was read. A record's id is
 * `<documentId>#<chunk index>` unless `idOf` names it.
 */
export function ingestedChunkRecords(
  ingested: { chunks: readonly Chunk[]; vectors: readonly Float32Array[] },
  document: { documentId: string; collectionId: string; embedder: string },
  idOf: (chunk: Chunk) => string = (chunk) => `${document.documentId}#${chunk.index}`,
): ChunkRecord[] {
  return ingested.chunks.map((chunk, i) => ({
    id: idOf(chunk),
    document_id: document.documentId,
    collection_id: document.collectionId,
    index: chunk.index,
    text: chunk.text,
    page: chunk.page,
    heading: chunk.heading,
    token_count: chunk.tokenCount,
    embedder: document.embedder,
    vector: ingested.vectors[i] ?? null,
    ...(chunk.ocr ? { ocr: chunk.ocr } : {}),
  }))
}

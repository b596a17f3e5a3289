import type { ChunkRecord } from '../../../web/core/store/ChunkRecord'
import type { DocumentRecord, DocumentStatus } from '../../../web/core/store/DocumentRecord'
import type { SqlValue } from './SqlDriver'

/** Documents and chunks as SQL rows: JSON objects as text, vectors as little-endian float32 blobs. */
export interface DocumentRow {
  id: string
  collection_id: string
  filename: string
  original_filename: string
  file_path: string
  file_size: number
  document_type: string
  status: string
  created_at: string
  processed_at: string | null
  metadata: string
  chunk_count: number
  progress: string | null
}

export interface ChunkRow {
  id: string
  document_id: string
  collection_id: string
  idx: number
  text: string
  page: number | null
  heading: string | null
  token_count: number
  embedder: string | null
  vector: Uint8Array | null
  /** JSON of the chunk's own metadata (migration 7): `{ocr}`; NULL when it has none. */
  metadata?: string | null
}

export function toDocumentParams(document: DocumentRecord): Record<keyof DocumentRow, SqlValue> {
  return {
    id: document.id,
    collection_id: document.collection_id,
    filename: document.filename,
    original_filename: document.original_filename,
    file_path: document.file_path,
    file_size: document.file_size,
    document_type: document.document_type,
    status: document.status,
    created_at: document.created_at,
    processed_at: document.processed_at,
    metadata: JSON.stringify(document.metadata),
    chunk_count: document.chunk_count,
    progress: document.progress === null ? null : JSON.stringify(document.progress),
  }
}

export function fromDocumentRow(row: DocumentRow): DocumentRecord {
  return {
    id: row.id,
    filename: row.filename,
    original_filename: row.original_filename,
    file_path: row.file_path,
    file_size: row.file_size,
    document_type: row.document_type,
    collection_id: row.collection_id,
    status: row.status as DocumentStatus,
    created_at: row.created_at,
    processed_at: row.processed_at,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    chunk_count: row.chunk_count,
    progress: row.progress === null ? null : (JSON.parse(row.progress) as DocumentRecord['progress']),
  }
}

export function toChunkParams(chunk: ChunkRecord): SqlValue[] {
  const vector =
    chunk.vector && new Uint8Array(chunk.vector.buffer, chunk.vector.byteOffset, chunk.vector.byteLength)
  return [
    chunk.id,
    chunk.document_id,
    chunk.collection_id,
    chunk.index,
    chunk.text,
    chunk.page,
    chunk.heading,
    chunk.token_count,
    chunk.embedder,
    vector,
  ]
}

export function fromChunkRow(row: ChunkRow): ChunkRecord {
  return {
    id: row.id,
    document_id: row.document_id,
    collection_id: row.collection_id,
    index: row.idx,
    text: row.text,
    page: row.page,
    heading: row.heading,
    token_count: row.token_count,
    embedder: row.embedder,
    vector: vectorFromBlob(row.vector),
    ...chunkMetadataFrom(row.metadata),
  }
}

/** The `metadata` column of a chunk: its OCR mark, or null when it has none. */
export function toChunkMetadata(chunk: ChunkRecord): string | null {
  return chunk.ocr ? JSON.stringify({ ocr: { confidence: chunk.ocr.confidence } }) : null
}

function chunkMetadataFrom(json: string | null | undefined): Pick<ChunkRecord, 'ocr'> {
  if (!json) return {}
  const confidence = (JSON.parse(json) as { ocr?: { confidence?: unknown } }).ocr?.confidence
  return typeof confidence === 'number' ? { ocr: { confidence } } : {}
}

/** A vector column's bytes (little-endian f32) as a Float32Array, or null. */
export function vectorFromBlob(blob: Uint8Array | null): Float32Array | null {
  // Copied out: a blob's bytes need not be 4-byte aligned for a Float32Array view.
  return blob ? new Float32Array(new Uint8Array(blob).buffer) : null
}

import type { Chunk } from '../../../web/core/ingest/chunk/Chunk'
import type { FileKind, OcrPagesRead } from '../../../web/core/ingest/DocumentModel'
import type { IngestMetadata, IngestStage } from '../../../web/core/ingest/ingestFile'
import type { IngestLimits } from '../../../web/core/ingest/IngestLimits'
import type { OcrLanguage } from '../../../web/core/ingest/ocr/ocrLanguages'
import type { ParseErrorCode } from '../../../web/core/ingest/ParseError'

/** Messages between WorkerIngestor and ingestWorker (structured-clone friendly). */
export interface IngestTask {
  type: 'ingest'
  id: number
  /** The file's bytes (transferred), or its path in the file store, which the worker reads itself. */
  file: { bytes: Uint8Array } | { path: string }
  filename: string
  password?: string
  /** Embedder id for this document; absent: the worker's configured one. */
  embedder?: string
  /** The document's OCR languages; absent: DEFAULT_OCR_LANGUAGES. */
  ocrLanguages?: readonly OcrLanguage[]
  timeoutMs: number
  /** The server's MAX_DOCUMENT_CHARS / MAX_DOCUMENT_CHUNKS; absent: DEFAULT_INGEST_LIMITS. */
  limits?: IngestLimits
  /** False: no `text` parts (IngestRequest.wantText). */
  wantText: boolean
  /** Whether the caller takes the document before its scanned pages are read (IngestRequest.onPartial). */
  wantPartial: boolean
}

/**
 * The main thread has taken in the last `chunks` or `text` part, or done with a `partial` (stored it):
 * the worker may send the next one.
 */
export interface IngestAck {
  type: 'ack'
  id: number
}

/**
 * A result travels in parts, one at a time (each `chunks` and `text` part waits for its IngestAck):
 * deserialising 100,000 chunks in one message held the server's thread for most of a second, and
 * Node hands every message already queued to the listener in one go, so parts sent back to back
 * would hold it just as long.
 */
export type IngestReply =
  | { type: 'progress'; id: number; stage: IngestStage; percent: number; ocr?: OcrPagesRead }
  | {
      type: 'chunks'
      id: number
      chunks: Chunk[]
      /** The parts' vectors end to end (one transferred buffer), `vectorLengths[i]` floats each. */
      vectors: Float32Array
      vectorLengths: Uint32Array
    }
  | { type: 'text'; id: number; text: string }
  | { type: 'done'; id: number; kind: FileKind; metadata: IngestMetadata }
  /**
   * The `chunks` parts since the last `partial` are the document without the pages still waiting for
   * OCR (ingestFile's `onPartial`); the worker sends nothing more of a result until its IngestAck.
   */
  | { type: 'partial'; id: number; kind: FileKind; metadata: IngestMetadata; ocr: OcrPagesRead }
  | { type: 'failed'; id: number; parseError?: { code: ParseErrorCode; message: string }; message?: string }

import type { IngestResult, IngestStage } from '../../../web/core/ingest/ingestFile'
import type { ParseErrorCode } from '../../../web/core/ingest/ParseError'

/** Messages between WorkerIngestor and ingestWorker (structured-clone friendly). */
export interface IngestTask {
  type: 'ingest'
  id: number
  bytes: Uint8Array
  filename: string
  password?: string
  /** Embedder id for this document; absent: the worker's configured one. */
  embedder?: string
  timeoutMs: number
}

export type IngestReply =
  | { type: 'progress'; id: number; stage: IngestStage; percent: number }
  | {
      type: 'done'
      id: number
      result: IngestResult
    }
  | { type: 'failed'; id: number; parseError?: { code: ParseErrorCode; message: string }; message?: string }

import type { OcrLanguage } from '../ingest/ocr/ocrLanguages'
import type { IngestResult, IngestStage } from '../ingest/ingestFile'

export interface IngestRequest {
  bytes: Uint8Array
  filename: string
  password?: string
  /** Id of the embedder to use (`hash-v1` or a transformers.js model id); absent: the host's default. */
  embedder?: string
  /** The languages OCR reads scans and images in; absent: DEFAULT_OCR_LANGUAGES. */
  ocrLanguages?: readonly OcrLanguage[]
  onProgress?: (stage: IngestStage, percent: number) => void
  signal?: AbortSignal
  /**
   * False when the caller has no use for the result's `text` (storing a document keeps only its
   * chunks): a host may then leave it empty instead of handing over up to all of a document's text.
   */
  wantText?: boolean
}

/**
 * Runs `ingestFile` somewhere it cannot block the host: a worker_threads worker on the server, a Web
 * Worker in the browser. Rejects with a ParseError (the user-facing reason) or the abort reason.
 * Hosts enforce the per-document time limit by terminating the worker.
 */
export interface Ingestor {
  ingest(request: IngestRequest): Promise<IngestResult>
}

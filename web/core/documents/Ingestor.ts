import type { OcrLanguage } from '../ingest/ocr/ocrLanguages'
import type { OcrPagesRead } from '../ingest/DocumentModel'
import type { IngestResult, IngestStage } from '../ingest/ingestFile'

/**
 * What is read: the file's bytes, or, where the host's ingestor opens its own file store
 * (`Ingestor.readsStoredFiles`), the stored file's path there. By path, a 100 MB upload never passes
 * through the thread that serves requests: copying it to the ingest worker there held that thread for
 * hundreds of milliseconds (issue 39).
 */
export type IngestRequest = IngestOptions &
  ({ bytes: Uint8Array; storedPath?: undefined } | { storedPath: string; bytes?: undefined })

interface IngestOptions {
  filename: string
  password?: string
  /** Id of the embedder to use (`hash-v1` or a transformers.js model id); absent: the host's default. */
  embedder?: string
  /** The languages OCR reads scans and images in; absent: DEFAULT_OCR_LANGUAGES. */
  ocrLanguages?: readonly OcrLanguage[]
  onProgress?: (stage: IngestStage, percent: number, ocr?: OcrPagesRead) => void
  /** `ingestFile`'s `onPartial`: the document without its pages waiting for OCR, then with more of them. */
  onPartial?: (partial: IngestResult, ocr: OcrPagesRead) => Promise<void>
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
 * Hosts enforce the time limit by terminating a worker that has reported nothing (no progress, no
 * part of a result) for that long: a long document that keeps reading pages is never stopped.
 */
export interface Ingestor {
  ingest(request: IngestRequest): Promise<IngestResult>
  /** True where a request may name a stored file's path (FileStore.pathOf) instead of its bytes. */
  readonly readsStoredFiles?: boolean
}

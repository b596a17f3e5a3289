import type { BenchLine } from './BenchLine'
import type { LatencySummary } from './latencySummary'

/** Push, or first full sync of records: one line each, medians over `runs` fresh servers. */
export interface SyncThroughputLine extends BenchLine {
  phase: 'push' | 'first full sync'
  records: number
  runs: number
  /** Median wall-clock ms of the phase (mean of the two middle runs for an even count). */
  median_ms: number
  /** `records / median_ms`, per second. */
  records_per_sec: number
  /** Every run's ms, in run order. */
  runs_ms: number[]
  /** Sync rounds device B ran until one pulled nothing (first full sync; 1 for push). */
  rounds: number
  /**
   * Median ms of the phase spent inside the transport's requests (push requests, or B's pulls): the
   * server and HTTP. The rest of `median_ms` is the client: SyncClient and its replica store.
   */
  transport_ms: number
}

/** Change-to-arrival delay of single-field edits, A's `change()` to B's store holding the value. */
export interface SyncDelayLine extends BenchLine, LatencySummary {
  edits: number
  /** Records both devices held before the edits (each edit changes one of them). */
  records: number
}

/**
 * First full sync of processed documents (and platform records, when `records` > 0) to a new device
 * over a real SQLite store: medians over `runs` new devices on the same account.
 */
export interface SyncDocumentsLine extends BenchLine {
  phase: 'first full sync'
  documents: number
  /** Platform records synced beside the documents (0: documents only). */
  records: number
  /** Chunks (with vectors) the device ended up holding and indexing. */
  chunks: number
  runs: number
  /** Median wall-clock ms from the first `sync()` to the round that pulled nothing. */
  median_ms: number
  /** `documents / median_ms`, per second. */
  documents_per_sec: number
  /** `records / median_ms`, per second; null without records. */
  records_per_sec: number | null
  runs_ms: number[]
  /** Sync rounds until one pulled nothing (the largest of the runs). */
  rounds: number
  /** Median ms inside pull requests (records: the server and HTTP). */
  transport_ms: number
  /** Median ms inside blob downloads (files and chunk blobs). */
  blob_ms: number
  /** `file_bytes + chunk_blob_bytes` of the median run. */
  downloaded_bytes: number
  /**
   * Original files downloaded: a file uploaded more than once is one content-addressed blob, so
   * fewer than `documents` when the corpus is reused.
   */
  file_blobs: number
  file_bytes: number
  chunk_blobs: number
  chunk_blob_bytes: number
}

/** Change-to-arrival delay of processed documents, A's first write to B's store holding the chunks. */
export interface SyncDocumentDelayLine extends BenchLine, LatencySummary {
  /** Documents timed, one after another. */
  documents: number
  /** Median chunks (with vectors) per document. */
  chunks_per_document: number
  /** Median bytes per document B downloaded (its file and its chunk blob). */
  bytes_per_document: number
}

export type SyncLine = SyncThroughputLine | SyncDelayLine | SyncDocumentsLine | SyncDocumentDelayLine

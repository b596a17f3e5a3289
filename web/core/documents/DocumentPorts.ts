import type { DocumentJobs } from './DocumentJobs'
import type { Ingestor } from './Ingestor'

/** Documents' processing: queued in the background, or run through the ingestion pipeline at once. */
export interface DocumentPorts {
  documents: DocumentJobs
  /** Runs the ingestion pipeline off the request path (the extraction endpoints use it directly). */
  ingestor: Ingestor
}

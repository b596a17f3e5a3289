import type { DocumentJobs } from './DocumentJobs'
import type { Ingestor } from './Ingestor'

/** Documents' processing: queued in the background, or run through the ingestion pipeline at once. */
export interface DocumentPorts {
  documents: DocumentJobs
  /** Runs the ingestion pipeline off the request path (the extraction endpoints use it directly). */
  ingestor: Ingestor
  /**
   * Runs `work` with the collection's new documents to itself, so that an upload's look for a document
   * with the same content and the document it then makes are one step: one at a time per collection
   * in this process, and across the host's processes where it runs several (the server's instances on
   * one PostgreSQL, the browser's tabs).
   */
  collectionLock<T>(collectionId: string, work: () => Promise<T>): Promise<T>
}

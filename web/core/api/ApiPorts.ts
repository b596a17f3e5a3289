import type { Ingestor } from '../documents/Ingestor'
import type { SearchIndex } from '../retrieve/index/SearchIndex'
import type { FileStore } from '../store/FileStore'
import type { Store } from '../store/Store'
import type { Clock } from '../time/Clock'

/** Background processing of uploaded documents (a DocumentQueue on both hosts). */
export interface DocumentJobs {
  enqueue(documentId: string, options?: { password?: string }): void
  /** Stops processing the document and drops it from the search index (it is being deleted). */
  cancel(documentId: string): void
}

/** Everything a handler may touch. Each host builds one of these; tests build their own. */
export interface ApiPorts {
  store: Store
  clock: Clock
  /** A new UUID v4. */
  newId(): string
  files: FileStore
  documents: DocumentJobs
  /** The search index over every stored chunk, kept in step with processing and deletes. */
  index: SearchIndex
  /** Runs the ingestion pipeline off the request path (the extraction endpoints use it directly). */
  ingestor: Ingestor
  limits: { maxUploadBytes: number }
}

import type { ScheduledWork } from '../kernel/ScheduledWork'

/** Background processing of uploaded documents (a DocumentQueue in the browser, jobs on the server). */
export interface DocumentJobs {
  /** Queues the document (again): a queued or running processing of it is replaced. */
  enqueue(documentId: string, options?: { password?: string }): Promise<ScheduledWork>
  /** Makes sure a document found unfinished at start is being processed (without replacing work under way). */
  resume(documentId: string): Promise<void>
  /** Stops processing the document and drops it from the search index (it is being deleted). */
  cancel(documentId: string): void
}

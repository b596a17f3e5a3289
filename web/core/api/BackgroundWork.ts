import type { DocumentRecord } from '../store/DocumentRecord'
import type { EvaluationRun } from '../store/EvaluationRun'
import type { TestCase } from '../evaluate/TestCase'
import type { DocumentJobs } from '../documents/DocumentJobs'
import type { EvaluationJobs } from '../evaluate/EvaluationJobs'

/**
 * The long-running work behind the routes, as functions a host's scheduler can call: in-process
 * queues call them directly (the browser); the sync server's persisted job queue calls them from its
 * `document_process` and `evaluation_run` jobs, so that scripts can follow them and a restart
 * resumes them.
 */
export interface BackgroundWork {
  /** Processes one stored document to `completed` or `failed`; with the signal aborted it stops between stages. */
  processDocument(
    documentId: string,
    options: {
      password?: string
      signal?: AbortSignal
      onProgress?: (stage: string, percent: number) => void
    },
  ): Promise<DocumentRecord | undefined>
  /**
   * Answers and judges the run's test cases that have no result yet (a resumed run goes on where it
   * stopped), then ends the run `completed`, or `failed` with the reason.
   */
  runEvaluation(
    run: EvaluationRun,
    testCases: readonly TestCase[],
    signal?: AbortSignal,
    onProgress?: (evaluated: number, total: number) => void,
  ): Promise<void>
  /**
   * The person's documents are all processed (none waits or runs): their search is likely next, and
   * the search code went cold meanwhile, so it is warmed up (`SearchIndexPort.warmUp`). The in-process
   * queue calls it itself each time it runs dry; a host's scheduler calls it when its last job ends.
   */
  documentsProcessed(): void
}

/** What a host's own scheduler provides instead of the in-process queues. */
export interface BackgroundSchedulers {
  documents: DocumentJobs
  evaluations: EvaluationJobs
}

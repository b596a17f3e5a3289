import type { EvaluationRun } from '../store/EvaluationRun'
import type { TestCase } from './TestCase'

/** Server-driven evaluation runs, worked through in the background (an EvaluationQueue on both hosts). */
export interface EvaluationJobs {
  /** Queues a stored run (status `running`) over these test cases; returns at once. */
  start(run: EvaluationRun, testCases: readonly TestCase[]): void
}

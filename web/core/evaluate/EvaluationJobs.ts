import type { ScheduledWork } from '../kernel/ScheduledWork'
import type { EvaluationRun } from '../store/EvaluationRun'
import type { TestCase } from './TestCase'

/** Server-driven evaluation runs, worked through in the background (an EvaluationQueue, or the server's jobs). */
export interface EvaluationJobs {
  /** Queues a stored run (status `running`) over these test cases; returns once it is queued. */
  start(run: EvaluationRun, testCases: readonly TestCase[]): Promise<ScheduledWork>
  /** At start: deals with runs a stop left `running` (ended `failed`, or left to a job that resumes them). */
  recover(): Promise<void>
}

import type { EvaluationResult, EvaluationRun, EvaluationRunPatch, EvaluationState } from './EvaluationRun'

/** Evaluation runs, their results and their saved progress. A sub-port of Store (see Store.ts). */
export interface EvaluationStore {
  /** Inserts a run with the results it carries. Rejects a duplicate id and an unknown collection. */
  createEvaluationRun(run: EvaluationRun): Promise<EvaluationRun>
  /** The run with all its results, in the order they were appended. */
  getEvaluationRun(id: string): Promise<EvaluationRun | undefined>
  /** Newest first (by `created_at`, then by insertion order), full records results included. */
  listEvaluationRuns(filter?: { collectionId?: string }): Promise<EvaluationRun[]>
  /** Applies the patch; resolves `undefined` when the run does not exist. */
  updateEvaluationRun(id: string, patch: EvaluationRunPatch): Promise<EvaluationRun | undefined>
  /**
   * Appends results and adds them to `evaluated_count`, `correct_count` and `incorrect_count` in one
   * atomic step: concurrent appends all count. Resolves the run after the append, `undefined` when
   * the run does not exist (then nothing is stored).
   */
  appendEvaluationResults(
    id: string,
    results: readonly EvaluationResult[],
  ): Promise<EvaluationRun | undefined>
  /**
   * Replaces the saved progress of a run. `state` must be JSON-serialisable and reads back as JSON
   * would return it. Rejects an unknown run.
   */
  saveEvaluationState(runId: string, state: unknown, savedAt: string): Promise<void>
  getEvaluationState(runId: string): Promise<EvaluationState | undefined>
  /** Forgets a run's saved progress (the run stays); resolves whether there was any. */
  deleteEvaluationState(runId: string): Promise<boolean>
}

import type { EvaluationStore } from '../../../web/core/store/EvaluationStore'
import type {
  EvaluationResult,
  EvaluationRun,
  EvaluationRunPatch,
  EvaluationState,
} from '../../../web/core/store/EvaluationRun'
import {
  EVALUATION_JOINED_COLUMNS,
  EVALUATION_RESULT_COLUMNS,
  EVALUATION_RUN_COLUMNS,
  fromEvaluationJoinedRows,
  toEvaluationResultParams,
  toEvaluationRunParams,
  type EvaluationJoinedRow,
} from './evaluationRows'
import type { SqlDriver } from './SqlDriver'

const placeholders = (columns: string) =>
  columns
    .split(',')
    .map(() => '?')
    .join(', ')
const JOINED = `SELECT ${EVALUATION_JOINED_COLUMNS} FROM evaluation_runs r
  LEFT JOIN evaluation_results x ON x.run_id = r.id`

// Constant SQL text only, so that the driver prepares each statement once and reuses it.
const SQL = {
  insertRun: `INSERT INTO evaluation_runs (${EVALUATION_RUN_COLUMNS}) VALUES (${placeholders(EVALUATION_RUN_COLUMNS)})`,
  insertResult: `INSERT INTO evaluation_results (${EVALUATION_RESULT_COLUMNS})
    VALUES (${placeholders(EVALUATION_RESULT_COLUMNS)})`,
  getRun: `${JOINED} WHERE r.id = ? ORDER BY x.seq`,
  listRuns: `${JOINED} ORDER BY r.created_at DESC, r.seq DESC, x.seq`,
  listRunsOfCollection: `${JOINED} WHERE r.collection_id = ? ORDER BY r.created_at DESC, r.seq DESC, x.seq`,
  runExists: 'SELECT 1 AS found FROM evaluation_runs WHERE id = ?',
  // Flag parameters say whether a nullable field is in the patch, since null is a value there.
  updateRun: `UPDATE evaluation_runs SET status = COALESCE(?, status),
    total_questions = COALESCE(?, total_questions), config = COALESCE(?, config),
    error = CASE WHEN ? THEN ? ELSE error END, completed_at = CASE WHEN ? THEN ? ELSE completed_at END
    WHERE id = ?`,
  addCounts: `UPDATE evaluation_runs SET evaluated_count = evaluated_count + ?,
    correct_count = correct_count + ?, incorrect_count = incorrect_count + ? WHERE id = ?`,
  saveState: `INSERT INTO evaluation_states (run_id, state, saved_at) VALUES (?, ?, ?)
    ON CONFLICT (run_id) DO UPDATE SET state = excluded.state, saved_at = excluded.saved_at`,
  getState: 'SELECT state, saved_at FROM evaluation_states WHERE run_id = ?',
  deleteState: 'DELETE FROM evaluation_states WHERE run_id = ?',
} as const

/**
 * Evaluation runs, their results (one row each, ordered by seq) and saved state over SQL, for
 * SqlStore. Runs go with their collection, results and state with their run (ON DELETE CASCADE).
 */
export class SqlEvaluationRecords implements EvaluationStore {
  constructor(private readonly driver: SqlDriver) {}

  async createEvaluationRun(run: EvaluationRun): Promise<EvaluationRun> {
    // One transaction: a duplicate id or unknown collection leaves no stray result rows behind.
    await this.driver.batch([
      { sql: SQL.insertRun, params: toEvaluationRunParams(run) },
      ...run.results.map((result) => ({
        sql: SQL.insertResult,
        params: toEvaluationResultParams(run.id, result),
      })),
    ])
    return structuredClone(run)
  }

  async getEvaluationRun(id: string): Promise<EvaluationRun | undefined> {
    const rows = await this.driver.all<EvaluationJoinedRow>(SQL.getRun, [id])
    return fromEvaluationJoinedRows(rows)[0]
  }

  async listEvaluationRuns(filter: { collectionId?: string } = {}): Promise<EvaluationRun[]> {
    const rows =
      filter.collectionId === undefined
        ? await this.driver.all<EvaluationJoinedRow>(SQL.listRuns)
        : await this.driver.all<EvaluationJoinedRow>(SQL.listRunsOfCollection, [filter.collectionId])
    return fromEvaluationJoinedRows(rows)
  }

  async updateEvaluationRun(id: string, patch: EvaluationRunPatch): Promise<EvaluationRun | undefined> {
    const { changes } = await this.driver.run(SQL.updateRun, [
      patch.status ?? null,
      patch.total_questions ?? null,
      patch.config === undefined ? null : JSON.stringify(patch.config),
      patch.error === undefined ? 0 : 1,
      patch.error ?? null,
      patch.completed_at === undefined ? 0 : 1,
      patch.completed_at ?? null,
      id,
    ])
    return changes === 0 ? undefined : this.getEvaluationRun(id)
  }

  async appendEvaluationResults(
    id: string,
    results: readonly EvaluationResult[],
  ): Promise<EvaluationRun | undefined> {
    if (!(await this.runExists(id))) return undefined
    const correct = results.filter((result) => result.is_correct).length
    try {
      // The counts move in the same transaction as the rows they count: `x = x + n` in SQL, never a
      // value read earlier, so concurrent appends each add their own share.
      await this.driver.batch([
        { sql: SQL.addCounts, params: [results.length, correct, results.length - correct, id] },
        ...results.map((result) => ({ sql: SQL.insertResult, params: toEvaluationResultParams(id, result) })),
      ])
    } catch (error) {
      // The run was deleted since the check above (its results now fail the FOREIGN KEY).
      if (!(await this.runExists(id))) return undefined
      throw error
    }
    return this.getEvaluationRun(id)
  }

  async saveEvaluationState(runId: string, state: unknown, savedAt: string): Promise<void> {
    try {
      await this.driver.run(SQL.saveState, [runId, JSON.stringify(state) ?? 'null', savedAt])
    } catch (error) {
      if (!(await this.runExists(runId))) throw new Error(`No evaluation run ${runId}`, { cause: error })
      throw error
    }
  }

  async getEvaluationState(runId: string): Promise<EvaluationState | undefined> {
    const row = await this.driver.get<{ state: string; saved_at: string }>(SQL.getState, [runId])
    return row && { state: JSON.parse(row.state) as unknown, saved_at: row.saved_at }
  }

  async deleteEvaluationState(runId: string): Promise<boolean> {
    return (await this.driver.run(SQL.deleteState, [runId])).changes > 0
  }

  private async runExists(id: string): Promise<boolean> {
    return (await this.driver.get(SQL.runExists, [id])) !== undefined
  }
}

import type { EvaluationStore } from '../../core/store/EvaluationStore'
import Dexie from 'dexie'
import type {
  EvaluationResult,
  EvaluationRun,
  EvaluationRunPatch,
  EvaluationState,
} from '../../core/store/EvaluationRun'
import { jsonClone } from './jsonClone'
import type { EvaluationRunRow, QuireDatabase } from './QuireDatabase'

/**
 * Evaluation runs (results inside the run row) and their saved state over Dexie, for DexieStore.
 * Appends read and rewrite the row inside one readwrite transaction; IndexedDB runs overlapping
 * readwrite transactions one after another, so concurrent appends cannot lose each other's counts.
 */
export class DexieEvaluationRecords implements EvaluationStore {
  constructor(private readonly db: QuireDatabase) {}

  async createEvaluationRun(run: EvaluationRun): Promise<EvaluationRun> {
    const row: EvaluationRunRow = jsonClone(run)
    await this.db.transaction('rw', this.db.evaluationRuns, this.db.collections, async () => {
      if ((await this.db.collections.where('id').equals(run.collection_id).count()) === 0) {
        throw new Error(`No collection ${run.collection_id}`)
      }
      await this.db.evaluationRuns.add(row)
    })
    return structuredClone(run)
  }

  async getEvaluationRun(id: string): Promise<EvaluationRun | undefined> {
    const row = await this.db.evaluationRuns.where('id').equals(id).first()
    return row && withoutSeq(row)
  }

  async listEvaluationRuns(filter: { collectionId?: string } = {}): Promise<EvaluationRun[]> {
    const { collectionId } = filter
    const ordered =
      collectionId === undefined
        ? this.db.evaluationRuns.orderBy('[created_at+seq]')
        : this.db.evaluationRuns
            .where('[collection_id+created_at+seq]')
            .between([collectionId, Dexie.minKey, Dexie.minKey], [collectionId, Dexie.maxKey, Dexie.maxKey])
    return (await ordered.reverse().toArray()).map(withoutSeq)
  }

  async updateEvaluationRun(id: string, patch: EvaluationRunPatch): Promise<EvaluationRun | undefined> {
    // Undefined means "not in the patch"; null is a value (no error, not completed).
    const changes = jsonClone(
      Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
    ) as Partial<EvaluationRunRow>
    return this.db.transaction('rw', this.db.evaluationRuns, async () => {
      const count = await this.db.evaluationRuns.where('id').equals(id).modify(changes)
      return count === 0 ? undefined : this.getEvaluationRun(id)
    })
  }

  async appendEvaluationResults(
    id: string,
    results: readonly EvaluationResult[],
  ): Promise<EvaluationRun | undefined> {
    const added = jsonClone(results)
    const correct = added.filter((result) => result.is_correct).length
    return this.db.transaction('rw', this.db.evaluationRuns, async () => {
      const count = await this.db.evaluationRuns
        .where('id')
        .equals(id)
        .modify((row) => {
          row.results.push(...added)
          row.evaluated_count += added.length
          row.correct_count += correct
          row.incorrect_count += added.length - correct
        })
      return count === 0 ? undefined : this.getEvaluationRun(id)
    })
  }

  async saveEvaluationState(runId: string, state: unknown, savedAt: string): Promise<void> {
    await this.db.transaction('rw', this.db.evaluationRuns, this.db.evaluationStates, async () => {
      if ((await this.db.evaluationRuns.where('id').equals(runId).count()) === 0) {
        throw new Error(`No evaluation run ${runId}`)
      }
      await this.db.evaluationStates.put({ run_id: runId, state: jsonClone(state), saved_at: savedAt })
    })
  }

  async getEvaluationState(runId: string): Promise<EvaluationState | undefined> {
    const row = await this.db.evaluationStates.get(runId)
    return row && { state: row.state, saved_at: row.saved_at }
  }

  async deleteEvaluationState(runId: string): Promise<boolean> {
    return this.db.transaction('rw', this.db.evaluationStates, async () => {
      const found = (await this.db.evaluationStates.get(runId)) !== undefined
      await this.db.evaluationStates.delete(runId)
      return found
    })
  }

  /**
   * Part of deleting a collection: its runs and their saved state go with it. Call inside the
   * caller's transaction over evaluationRuns and evaluationStates.
   */
  async deleteRunsOf(collectionId: string): Promise<void> {
    const runs = this.db.evaluationRuns.where('collection_id').equals(collectionId)
    const runIds = (await runs.toArray()).map((run) => run.id)
    await this.db.evaluationStates.bulkDelete(runIds)
    await runs.delete()
  }
}

function withoutSeq(row: EvaluationRunRow): EvaluationRun {
  const { seq: _seq, ...run } = row
  return run
}

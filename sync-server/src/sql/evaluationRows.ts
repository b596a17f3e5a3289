import type { EvaluationResult, EvaluationRun, EvaluationStatus } from '../../../web/core/store/EvaluationRun'
import type { SqlValue } from './SqlDriver'

/**
 * Evaluation runs as SQL rows. A run is read in one statement, the run row LEFT JOINed with its
 * results (one row per result, or one row with null result columns), so a reader never sees counts
 * from after an append beside results from before it.
 */
export const EVALUATION_RUN_COLUMNS = `id, collection_id, mode, status, user_id, total_questions, evaluated_count,
  correct_count, incorrect_count, config, error, created_at, completed_at`
export const EVALUATION_RESULT_COLUMNS = `run_id, question, answer, is_correct, confidence, chunks_used,
  ground_truth, category, reasoning, retrieved_chunks`
/** Run columns as `r.*`, result columns as `x.*` with the result's seq as `result_seq`. */
export const EVALUATION_JOINED_COLUMNS = `${EVALUATION_RUN_COLUMNS.split(',')
  .map((c) => `r.${c.trim()}`)
  .join(', ')}, x.seq AS result_seq, ${EVALUATION_RESULT_COLUMNS.split(',')
  .slice(1)
  .map((c) => `x.${c.trim()}`)
  .join(', ')}`

export interface EvaluationJoinedRow {
  id: string
  collection_id: string
  mode: string
  status: string
  user_id: string | null
  total_questions: number
  evaluated_count: number
  correct_count: number
  incorrect_count: number
  config: string
  error: string | null
  created_at: string
  completed_at: string | null
  /** Null when the run has no results (the LEFT JOIN found none); then every result column is null. */
  result_seq: number | null
  question: string | null
  answer: string | null
  is_correct: number | null
  confidence: number | null
  chunks_used: number | null
  ground_truth: string | null
  category: string | null
  reasoning: string | null
  retrieved_chunks: string | null
}

/** In the column order of `EVALUATION_RUN_COLUMNS`. */
export function toEvaluationRunParams(run: EvaluationRun): SqlValue[] {
  return [
    run.id,
    run.collection_id,
    run.mode,
    run.status,
    run.user_id,
    run.total_questions,
    run.evaluated_count,
    run.correct_count,
    run.incorrect_count,
    JSON.stringify(run.config),
    run.error,
    run.created_at,
    run.completed_at,
  ]
}

/** In the column order of `EVALUATION_RESULT_COLUMNS`. */
export function toEvaluationResultParams(runId: string, result: EvaluationResult): SqlValue[] {
  return [
    runId,
    result.question,
    result.answer,
    result.is_correct ? 1 : 0,
    result.confidence,
    result.chunks_used,
    result.ground_truth,
    result.category,
    result.reasoning,
    JSON.stringify(result.retrieved_chunks),
  ]
}

/** Folds joined rows, ordered by run and then by result seq, into runs in that order. */
export function fromEvaluationJoinedRows(rows: readonly EvaluationJoinedRow[]): EvaluationRun[] {
  const runs: EvaluationRun[] = []
  let current: EvaluationRun | undefined
  for (const row of rows) {
    if (current?.id !== row.id) {
      current = {
        id: row.id,
        collection_id: row.collection_id,
        mode: row.mode as EvaluationRun['mode'],
        status: row.status as EvaluationStatus,
        user_id: row.user_id,
        total_questions: row.total_questions,
        evaluated_count: row.evaluated_count,
        correct_count: row.correct_count,
        incorrect_count: row.incorrect_count,
        config: JSON.parse(row.config) as Record<string, unknown>,
        error: row.error,
        created_at: row.created_at,
        completed_at: row.completed_at,
        results: [],
      }
      runs.push(current)
    }
    if (row.result_seq !== null) current.results.push(fromResultColumns(row))
  }
  return runs
}

function fromResultColumns(row: EvaluationJoinedRow): EvaluationResult {
  // The NOT NULL columns of evaluation_results are non-null whenever result_seq is.
  return {
    question: row.question ?? '',
    answer: row.answer ?? '',
    is_correct: row.is_correct === 1,
    confidence: row.confidence ?? 0,
    chunks_used: row.chunks_used ?? 0,
    ground_truth: row.ground_truth,
    category: row.category,
    reasoning: row.reasoning,
    retrieved_chunks: JSON.parse(row.retrieved_chunks ?? '[]') as string[],
  }
}

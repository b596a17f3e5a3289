import { z } from 'zod'
import type { EvaluationResult, EvaluationRun } from '../../store/EvaluationRun'

/**
 * A run as BrainDrive's Chat-With-Docs plugin reads it (its `EvaluationRun` type,
 * src/evaluation-view/evaluationViewTypes.ts): `accuracy` and `progress` in percent, `status` one of
 * completed, running, failed, pending (a client-driven run in progress is `running`), `started_at` and
 * `run_date` the run's creation, `config_snapshot` its config.
 */
export const braindriveRunSchema = z.object({
  id: z.uuid(),
  collection_id: z.uuid(),
  total_questions: z.int(),
  correct_count: z.int(),
  incorrect_count: z.int(),
  evaluated_count: z.int(),
  accuracy: z.number().min(0).max(100),
  started_at: z.iso.datetime(),
  completed_at: z.iso.datetime().nullable(),
  is_completed: z.boolean(),
  progress: z.number().min(0).max(100),
  status: z.enum(['completed', 'running', 'failed', 'pending']),
  duration_seconds: z.number().nullable(),
  run_date: z.iso.datetime(),
  config_snapshot: z.record(z.string(), z.unknown()),
})

export function toBrainDriveRun(run: EvaluationRun): z.output<typeof braindriveRunSchema> {
  const percent = (part: number, whole: number) => (whole === 0 ? 0 : (100 * part) / whole)
  const status = run.status === 'in_progress' ? 'running' : run.status === 'pending' ? 'pending' : run.status
  return {
    id: run.id,
    collection_id: run.collection_id,
    total_questions: run.total_questions,
    correct_count: run.correct_count,
    incorrect_count: run.incorrect_count,
    evaluated_count: run.evaluated_count,
    accuracy: percent(run.correct_count, run.evaluated_count),
    started_at: run.created_at,
    completed_at: run.completed_at,
    is_completed: run.status === 'completed' || run.status === 'failed',
    progress: Math.min(100, percent(run.evaluated_count, run.total_questions)),
    status,
    duration_seconds:
      run.completed_at === null ? null : (Date.parse(run.completed_at) - Date.parse(run.created_at)) / 1000,
    run_date: run.created_at,
    config_snapshot: run.config,
  }
}

/**
 * A result with the fields the plugin's `DetailedEvaluationResult` reads added to the spec's: the
 * test case's id (the one the run was started with, else its position), `llm_answer`, `judge_correct`,
 * `judge_reasoning` and `retrieved_context`.
 */
export function toBrainDriveResult(result: EvaluationResult, index: number, run: EvaluationRun) {
  return {
    ...result,
    test_case_id: testCaseIdOf(run, result.question) ?? String(index + 1),
    llm_answer: result.answer,
    judge_correct: result.is_correct,
    judge_reasoning: result.reasoning ?? '',
    retrieved_context: result.retrieved_chunks.join('\n\n'),
  }
}

/** The questions a run started with its own questions carries in its config (`startWithQuestions`). */
export interface QuestionCase {
  test_case_id: string
  question: string
}

export function questionCasesOf(run: EvaluationRun): QuestionCase[] {
  const cases = run.config.test_cases
  if (!Array.isArray(cases)) return []
  return cases.filter(
    (c): c is QuestionCase =>
      typeof c === 'object' &&
      c !== null &&
      typeof (c as QuestionCase).test_case_id === 'string' &&
      typeof (c as QuestionCase).question === 'string',
  )
}

function testCaseIdOf(run: EvaluationRun, question: string): string | undefined {
  return questionCasesOf(run).find((c) => c.question === question)?.test_case_id
}

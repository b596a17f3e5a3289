import type { z } from 'zod'
import type { runSchema, runSummarySchema } from '../../core/api/evaluation/evaluationSchemas'
import { requestJson } from './requestJson'

/** A run without its results, as the history lists it. */
export type EvaluationRunSummary = z.output<typeof runSummarySchema>
/** A run with the results evaluated so far. */
export type EvaluationRun = z.output<typeof runSchema>
export type EvaluationResult = EvaluationRun['results'][number]

export interface StartEvaluationRequest {
  collection_id: string
  /** Parsed from the chosen file in the page; the server validates each case and answers 400 naming it. */
  test_cases: unknown[]
  config: { top_k: number; use_hybrid_search: boolean }
}

export interface StartedEvaluation {
  evaluation_id: string
  status: 'running'
  message: string
}

const BASE = '/api/evaluation/'

export function startEvaluation(request: StartEvaluationRequest): Promise<StartedEvaluation> {
  return requestJson<StartedEvaluation>(`${BASE}run`, { method: 'POST', body: request })
}

export function getEvaluation(id: string, signal?: AbortSignal): Promise<EvaluationRun> {
  return requestJson<EvaluationRun>(`${BASE}results/${encodeURIComponent(id)}`, { signal })
}

/** Newest first. */
export function listEvaluations(collectionId: string, signal?: AbortSignal): Promise<EvaluationRunSummary[]> {
  return requestJson<EvaluationRunSummary[]>(
    `${BASE}results?collection_id=${encodeURIComponent(collectionId)}`,
    { signal },
  )
}

/** `running` is a server-driven run at work, `in_progress` a plugin-driven one (both as the spec names them). */
export type EvaluationStatus = 'pending' | 'running' | 'in_progress' | 'completed' | 'failed'

/** The outcome of one test question. */
export interface EvaluationResult {
  question: string
  answer: string
  is_correct: boolean
  confidence: number
  chunks_used: number
  ground_truth: string | null
  category: string | null
  /** The judge's reasoning, when a judge gave one. */
  reasoning: string | null
  retrieved_chunks: string[]
}

/** An evaluation run with all its results, in the order they were appended. */
export interface EvaluationRun {
  id: string
  collection_id: string
  mode: 'server' | 'plugin'
  status: EvaluationStatus
  user_id: string | null
  total_questions: number
  /** Maintained by `appendEvaluationResults`: they grow with every result appended. */
  evaluated_count: number
  correct_count: number
  incorrect_count: number
  /** Stored as JSON (top_k, use_hybrid_search, ...). */
  config: Record<string, unknown>
  error: string | null
  created_at: string
  completed_at: string | null
  results: EvaluationResult[]
}

/** Fields an update may change; the counts and results change only by appending results. */
export type EvaluationRunPatch = Partial<
  Pick<EvaluationRun, 'status' | 'total_questions' | 'error' | 'completed_at' | 'config'>
>

/** Saved progress of a client-driven run, as the client sent it. */
export interface EvaluationState {
  state: unknown
  saved_at: string
}

import { z } from 'zod'
import { topK } from '../search/searchSchemas'

export const evaluationIdParams = z.object({ evaluation_id: z.uuid() })
export const evaluationRunIdParams = z.object({ evaluation_run_id: z.uuid() })

/** Saved state larger than this answers 413 (issue 4). */
export const MAX_STATE_BYTES = 10 * 1024 * 1024

export const runConfig = z.object({
  top_k: topK.default(5),
  use_hybrid_search: z.boolean().default(true),
})

export const startRunBody = z.object({
  collection_id: z.uuid(),
  test_cases_path: z.string().trim().min(1, 'must not be empty').max(1000).optional().meta({
    description:
      'A test-case file inside the server\'s DATA_DIR/evaluation folder (relative; absolute paths and ".." are refused). JSON {test_cases: [{id, question, ground_truth, category?}]}, a JSON array of those, or JSONL.',
  }),
  test_cases: z.array(z.unknown()).max(10_000).optional().meta({
    description:
      'Not in the spec: the test cases themselves, for hosts without a test-case folder (the browser) and for scripts. Exactly one of test_cases_path and test_cases.',
  }),
  config: runConfig.default({ top_k: 5, use_hybrid_search: true }),
})

export const listRunsQuery = z.object({ collection_id: z.uuid().optional() })

export const pluginStartBody = z.object({
  collection_id: z.uuid(),
  total_questions: z
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000'),
  user_id: z.string().trim().min(1, 'must not be empty').max(200),
  config: z.record(z.string(), z.unknown()).default({}),
})

const submittedResult = z.object({
  question: z.string(),
  generated_answer: z.string(),
  retrieved_chunks: z.array(z.string()).default([]),
  is_correct: z.boolean(),
  evaluation_metadata: z
    .looseObject({
      judge_reasoning: z.string().optional(),
      confidence: z.number().min(0).max(1).optional(),
      ground_truth: z.string().optional(),
      category: z.string().optional(),
    })
    .default({}),
})

export const pluginSubmitBody = z.object({
  evaluation_run_id: z.uuid(),
  results: z.array(submittedResult).min(1, 'must hold at least one result').max(1000),
})

/**
 * The fields the spec lists, checked when present; anything else a client keeps in its state is saved
 * too. They are optional because BrainDrive's Chat-With-Docs plugin saves its own form (user_id, model,
 * llm_model, persona, collection_id, test_cases, processed_question_ids, current_batch, last_updated).
 */
export const stateBody = z.looseObject({
  current_question_index: z.int('must be an integer').min(0).optional(),
  answered_questions: z.int('must be an integer').min(0).optional(),
  user_answers: z.record(z.string(), z.string()).optional(),
  evaluation_results: z.array(z.unknown()).optional(),
})

const resultSchema = z.object({
  question: z.string(),
  answer: z.string(),
  is_correct: z.boolean(),
  confidence: z.number(),
  chunks_used: z.int(),
  ground_truth: z.string().nullable(),
  category: z.string().nullable(),
  reasoning: z.string().nullable(),
  retrieved_chunks: z.array(z.string()),
})

export const runSummarySchema = z.object({
  id: z.uuid(),
  collection_id: z.uuid(),
  mode: z.enum(['server', 'plugin']),
  status: z.enum(['pending', 'running', 'in_progress', 'completed', 'failed']),
  total_questions: z.int(),
  evaluated_count: z.int(),
  correct_count: z.int(),
  incorrect_count: z.int(),
  accuracy: z.number().min(0).max(1),
  is_completed: z.boolean(),
  config: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  created_at: z.iso.datetime(),
  completed_at: z.iso.datetime().nullable(),
})

export const runSchema = runSummarySchema
  .extend({ results: z.array(resultSchema) })
  .meta({ id: 'EvaluationRun' })

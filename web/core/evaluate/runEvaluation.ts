import type { EvaluationResult } from '../store/EvaluationRun'
import { yieldToEventLoop } from '../kernel/time/yieldToEventLoop'
import type { TestCase } from './TestCase'
import type { Verdict } from './Verdict'

/** What the system under test answered to one question. */
export interface EvaluationAnswer {
  answer: string
  /** The passages the answer drew on (their text); `chunks_used` is their count. */
  retrieved_chunks: string[]
}

export interface RunEvaluationOptions {
  testCases: readonly TestCase[]
  answer(testCase: TestCase, signal: AbortSignal): Promise<EvaluationAnswer>
  judge(testCase: TestCase, answer: EvaluationAnswer, signal: AbortSignal): Promise<Verdict>
  /** Called once per case, in order, awaited before the next question; a rejection ends the run. */
  onResult(result: EvaluationResult): Promise<void>
  signal: AbortSignal
}

/**
 * Asks every question in turn, judges each answer and hands the results on one by one, so a host can
 * store them as they come and show progress (the server-driven run behind `POST /api/evaluation/run`).
 *
 * Sequential on purpose: answering shares one model and one index with everything else the host does,
 * and results must arrive in test-case order.
 *
 * How it fails: a question whose answer throws is recorded as incorrect ("could not answer: …") and the
 * run goes on; so is one whose judge throws ("could not judge the answer: …"). The run itself rejects
 * only when `onResult` rejects (the results can no longer be kept) or when the signal aborts: it stops
 * between questions and rejects with the abort reason, and no result is reported after the abort.
 */
export async function runEvaluation(options: RunEvaluationOptions): Promise<void> {
  const { signal } = options
  for (const testCase of options.testCases) {
    // Between questions the host serves its other requests (and sees a cancel or a shutdown).
    await yieldToEventLoop()
    signal.throwIfAborted()
    const result = await evaluateOne(options, testCase)
    signal.throwIfAborted()
    await options.onResult(result)
  }
}

async function evaluateOne(options: RunEvaluationOptions, testCase: TestCase): Promise<EvaluationResult> {
  const { signal } = options
  let answer: EvaluationAnswer
  try {
    answer = await options.answer(testCase, signal)
  } catch (error) {
    if (signal.aborted) throw signal.reason
    return toResult(
      testCase,
      { answer: '', retrieved_chunks: [] },
      failed(`could not answer: ${messageOf(error)}`),
    )
  }
  signal.throwIfAborted()
  let verdict: Verdict
  try {
    verdict = await options.judge(testCase, answer, signal)
  } catch (error) {
    if (signal.aborted) throw signal.reason
    verdict = failed(`could not judge the answer: ${messageOf(error)}`)
  }
  return toResult(testCase, answer, verdict)
}

function toResult(testCase: TestCase, answer: EvaluationAnswer, verdict: Verdict): EvaluationResult {
  return {
    question: testCase.question,
    answer: answer.answer,
    is_correct: verdict.is_correct,
    confidence: verdict.confidence,
    chunks_used: answer.retrieved_chunks.length,
    ground_truth: testCase.ground_truth,
    category: testCase.category,
    reasoning: verdict.reasoning,
    retrieved_chunks: answer.retrieved_chunks,
  }
}

function failed(reasoning: string): Verdict {
  return { is_correct: false, confidence: 0, reasoning }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

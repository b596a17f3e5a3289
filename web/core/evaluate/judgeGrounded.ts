import { normaliseAnswer } from './tokenF1'
import type { Verdict } from './Verdict'

/** The share of an answer's words that must be found in its context for it to count as grounded. */
export const GROUNDED_THRESHOLD = 0.5

/**
 * Judges an answer to a question that has no reference answer (BrainDrive's "evaluate with my own
 * questions"): correct when it is grounded in the passages it was given, i.e. when at least half of its
 * normalised words occur in them. It cannot tell a true answer from a grounded but beside-the-point
 * one; that takes a model, which this judge stands in for where none is configured. An empty answer is
 * never grounded.
 */
export function judgeGrounded(answer: string, context: string): Verdict {
  const words = normaliseAnswer(answer)
  if (words.length === 0) return { is_correct: false, confidence: 0, reasoning: 'The answer is empty.' }
  const known = new Set(normaliseAnswer(context))
  const found = words.filter((word) => known.has(word)).length
  const share = found / words.length
  const is_correct = share >= GROUNDED_THRESHOLD
  return {
    is_correct,
    confidence: share,
    reasoning: `${found} of the answer's ${words.length} words occur in the retrieved context (${Math.round(share * 100)}%; grounded from ${GROUNDED_THRESHOLD * 100}%).`,
  }
}

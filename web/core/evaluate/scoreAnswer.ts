import type { Verdict } from './Verdict'
import { stripCitations } from './stripCitations'
import { f1OfTokens, normaliseAnswer } from './tokenF1'

/** Token F1 at or above this is correct (DESIGN.md section 2). */
export const F1_THRESHOLD = 0.5

/**
 * The judge that needs no model: normalised token F1, plus containment.
 *
 * Why containment: extractive answers are whole sentences ("Kawann Short led the team with 11 sacks
 * [1].") while references are short spans ("Kawann Short"). Token F1 of a 25-word sentence against a
 * 2-word span is about 0.15 even when the sentence is right, so F1 alone would call nearly every
 * extractive answer wrong. So an answer is also correct when a normalised reference appears in the
 * normalised answer as a contiguous token sequence. Its confidence is then 0.5 + 0.5 × F1 (of that
 * reference): at least the threshold (it was judged correct), 1 for an exact answer, and lower the more
 * else the answer says, since a long passage that happens to contain a short reference ("four", "1990")
 * is weaker evidence than a concise answer.
 * Otherwise the answer is correct when the best F1 reaches 0.5, with confidence = F1.
 *
 * Citation markers are stripped from the answer first. How it fails: a long answer listing several
 * candidates that include the reference is counted correct; a right answer worded differently from
 * every reference ("4" for "four") is counted wrong. An LLM judge (`judgeAnswer` with a model) handles both.
 */
export function scoreAnswer(answer: string, answers: readonly string[]): Verdict {
  const tokens = normaliseAnswer(stripCitations(answer))
  let bestF1 = 0
  let contained: { reference: string; f1: number } | null = null
  for (const reference of answers) {
    const truth = normaliseAnswer(reference)
    const f1 = f1OfTokens(tokens, truth)
    bestF1 = Math.max(bestF1, f1)
    if (containsSequence(tokens, truth) && (contained === null || f1 > contained.f1)) {
      contained = { reference, f1 }
    }
  }
  const scored = `token F1 ${bestF1.toFixed(2)} against the best of ${answers.length} reference answer(s)`
  if (contained !== null) {
    return {
      is_correct: true,
      confidence: Math.max(bestF1, 0.5 + 0.5 * contained.f1),
      reasoning: `the reference answer "${contained.reference}" appears in the answer (${scored})`,
    }
  }
  if (bestF1 >= F1_THRESHOLD) return { is_correct: true, confidence: bestF1, reasoning: scored }
  return {
    is_correct: false,
    confidence: bestF1,
    reasoning: `${scored}; no reference answer appears in the answer`,
  }
}

/** Whether `needle` (non-empty) occurs in `haystack` as a contiguous run of tokens. */
export function containsSequence(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let i = 0; i < needle.length; i++) {
      if (haystack[start + i] !== needle[i]) continue outer
    }
    return true
  }
  return false
}

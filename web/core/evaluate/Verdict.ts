/** A judge's decision on one answer. */
export interface Verdict {
  is_correct: boolean
  /** In [0, 1]. For the F1 judge the score itself (see `scoreAnswer`); for an LLM judge its own. */
  confidence: number
  /** Why, in words a person reads in the results ("token F1 0.67 against ..."). */
  reasoning: string
}

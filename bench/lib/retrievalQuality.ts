/** What one question's search returned and what would have answered it. */
export interface RankedQuestion {
  /** Retrieved chunk texts, best first. */
  retrieved: readonly string[]
  /** A retrieved text containing any of these (exact substring) is a hit. */
  answers: readonly string[]
}

export interface RetrievalQuality {
  /** Share of questions whose first result is a hit. */
  recall_at_1: number
  /** Share of questions with a hit among the first five. */
  recall_at_5: number
  /** Mean of 1 / rank of the first hit within the first ten, 0 when none: MRR@10. */
  mrr_at_10: number
  questions: number
}

/** The rank (from 1) of the first retrieved text that contains an answer, or null when none does. */
export function firstHitRank({ retrieved, answers }: RankedQuestion): number | null {
  const index = retrieved.findIndex((text) => answers.some((answer) => text.includes(answer)))
  return index < 0 ? null : index + 1
}

/**
 * Recall@1, recall@5 and MRR@10 over questions. "Recall" here is the usual QA-retrieval reading: did
 * an answering passage come back at all (one hit is enough), not the share of all answering passages.
 * Throws on no questions: a quality of nothing is not 0, it is a broken run.
 */
export function retrievalQuality(questions: readonly RankedQuestion[]): RetrievalQuality {
  if (questions.length === 0) throw new RangeError('retrievalQuality needs at least one question')
  let at1 = 0
  let at5 = 0
  let reciprocal = 0
  for (const question of questions) {
    const rank = firstHitRank(question)
    if (rank === null) continue
    if (rank === 1) at1++
    if (rank <= 5) at5++
    if (rank <= 10) reciprocal += 1 / rank
  }
  return {
    recall_at_1: at1 / questions.length,
    recall_at_5: at5 / questions.length,
    mrr_at_10: reciprocal / questions.length,
    questions: questions.length,
  }
}

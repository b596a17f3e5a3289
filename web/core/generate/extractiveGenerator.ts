import type { AnswerGenerator, AnswerRequest } from './AnswerGenerator'
import { composeAnswer } from './extractive/composeAnswer'
import { streamInPieces } from './extractive/streamInPieces'

/**
 * The default answerer, with no model: it quotes the one to three sentences of the sources that best
 * answer the question, each followed by the [n] of its source, and says plainly when none does (or
 * when no passage matched at all). Sentences are scored by idf-weighted overlap with the question's
 * search terms (the search tokenizer's, so any language it tokenizes works), with bonuses for the
 * question's words as a phrase and, for English "what is X?", for a sentence defining X.
 *
 * Deterministic. How it fails: it can only quote, so an answer spread over many sentences comes out
 * partial, and a question worded with synonyms the documents do not use finds no answer. Retrieval has
 * already rewritten a follow-up question into a standalone one; history only keeps a follow-up from being
 * answered with the sentence the answer before quoted (`composeAnswer`).
 */
export const extractiveGenerator: AnswerGenerator = {
  id: 'extractive',
  async *answer(request) {
    request.signal?.throwIfAborted()
    // Each piece streams as soon as it is chosen: the figure or first sentence, then its evidence.
    for (const piece of composeAnswer(request).pieces) yield* streamInPieces(piece, request.signal)
  },
}

/** The whole extractive answer as one string. */
export function extractiveAnswer(
  request: Pick<AnswerRequest, 'question' | 'sources' | 'understanding'>,
): string {
  return composeAnswer(request).pieces.join('')
}

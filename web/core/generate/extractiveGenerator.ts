import type { AnswerGenerator, AnswerRequest } from './AnswerGenerator'
import { noAnswerText, noSourcesText } from './extractive/answerWording'
import { candidateSentences } from './extractive/candidateSentences'
import { clipSentence, pickAnswer } from './extractive/pickAnswer'
import { scoreSentences } from './extractive/scoreSentences'
import { streamInPieces } from './extractive/streamInPieces'

/**
 * The default answerer, with no model: it quotes the one to three sentences of the sources that best
 * answer the question, each followed by the [n] of its source, and says plainly when none does (or
 * when no passage matched at all). Sentences are scored by idf-weighted overlap with the question's
 * search terms (the search tokenizer's, so any language it tokenizes works), with bonuses for the
 * question's words as a phrase and, for English "what is X?", for a sentence defining X.
 *
 * Deterministic. How it fails: it can only quote, so an answer spread over many sentences comes out
 * partial, and a question worded with synonyms the documents do not use finds no answer. History is
 * not used; retrieval has already rewritten a follow-up question into a standalone one.
 */
export const extractiveGenerator: AnswerGenerator = {
  id: 'extractive',
  async *answer(request) {
    request.signal?.throwIfAborted()
    yield* streamInPieces(extractiveAnswer(request), request.signal)
  },
}

/** The whole extractive answer as one string. */
export function extractiveAnswer(request: Pick<AnswerRequest, 'question' | 'sources'>): string {
  if (request.sources.length === 0) return noSourcesText()
  const { ranked, missing } = scoreSentences(request.question, candidateSentences(request.sources))
  const picked = pickAnswer(ranked)
  if (picked.length === 0) return noAnswerText(request.sources, missing)
  return picked.map(({ sentence }) => `${clipSentence(sentence.text)} [${sentence.source}]`).join(' ')
}

/**
 * The plain ways of saying "the documents do not hold this", at the start of a sentence: today's
 * extractive answerer ("The documents do not contain the answer to this question", "No documents
 * matched this question") and the forms another answerer or a model is expected to use ("The documents
 * do not say ...", "Not found in the documents", "None of them mentions ...", "I could not find ...",
 * "There is no mention of ...").
 */
const REFUSAL_OPENINGS: readonly RegExp[] = [
  /^(?:the|these|your|those) (?:\w+ )?(?:documents?|files?|passages?|sources?|texts?) (?:do|does|did) not (?:say|contain|mention|state|answer|cover|include|give|specify|provide|hold)\b/u,
  /^no (?:\w+ )?(?:documents?|files?|passages?|sources?) (?:matched|match|mentions?|says?|contains?|answers?|states?)\b/u,
  /^(?:the answer is )?not (?:found|in the (?:documents?|files?|passages?|sources?))\b/u,
  /^none of (?:them|the (?:\w+ )?(?:documents?|files?|passages?|sources?)) (?:mentions?|says?|contains?|states?|answers?)\b/u,
  /^i (?:could not|cannot|can not|did not|was unable to|am unable to) find\b/u,
  /^there (?:is|was) no (?:mention|information|answer|passage)\b/u,
  /^(?:the documents?|they) (?:do not|does not) (?:appear|seem) to (?:say|contain|mention|state|answer)\b/u,
]

/**
 * Whether a reply refuses: its first sentence says the documents do not hold the answer (one of
 * `REFUSAL_OPENINGS`, case-insensitive, curly quotes and contractions ("don't", "couldn't") read as
 * their plain forms, a leading "Sorry," or "Unfortunately," skipped). Only the opening counts: a reply
 * that answers and later says some other detail is not in the documents answered, and a reply that
 * quotes passages as "the closest" (today's "The closest passages say: ...") offers an answer to judge,
 * so it is not a refusal either.
 */
export function isRefusal(reply: string): boolean {
  const opening = reply
    .normalize('NFKC')
    .replace(/[’‘]/gu, "'")
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^(?:sorry|unfortunately|i'm sorry)[,.!]?\s*/u, '')
    .replace(/\b(do|does|did|could|ca|was|is)n't\b/gu, (_match, verb: string) =>
      verb === 'ca' ? 'cannot' : `${verb} not`,
    )
  const firstSentence = opening.split(/(?<=[.!?])\s/u)[0] ?? ''
  return REFUSAL_OPENINGS.some((pattern) => pattern.test(firstSentence))
}

/**
 * "what does saturation mean", "what do they mean by saturation", "saturation meaning", "the definition of
 * saturation": the words asking for a meaning, where they ask it.
 */
const MEANING_ASK =
  /^\s*(?:what|wat)\b.*\b(?:mean|means|stands?\s+for)\s*[?.!]*\s*$|\bmeant?\s+by\b|^\s*(?:(?:what|wat)\S*\s+(?:is\s+)?)?(?:the\s+)?(?:meaning|definition)\s+of\b|\b(?:meaning|definition)\s*[?.!]*\s*$/iu
const MEANING_WORDS = /\b(?:mean|means|meant|meaning|definition|stands?\s+for)\b/giu

/**
 * The question without the words that ask what something means, where they ask it: they name no
 * document ("mean" weighs the documents whose opening prints a table's "Mean" column over the one
 * about saturation). Any other question as it is: "the mean latency" asks of a mean.
 */
export function withoutMeaningAsk(question: string): string {
  if (!MEANING_ASK.test(question)) return question
  return question.replace(MEANING_WORDS, ' ').replace(/\s+/gu, ' ').trim()
}

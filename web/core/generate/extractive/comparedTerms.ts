/** Each side of a comparison has at most this many words: longer, it is a sentence, not a term. */
const MAX_TERM_WORDS = 4

const BETWEEN =
  /^(?:(?:what|whats|what's)(?:\s+is|\s+are)?\s+)?(?:the\s+)?(?:diff|difference|differences)\s+between\s+(.+?)\s+and\s+(.+?)\s*[?.!]*$/iu
const VERSUS = /^(.+?)\s+(?:vs\.?|versus)\s+(.+?)\s*[?.!]*$/iu

/**
 * The two things a question compares ("diff between a program and a process?", "docker vs podman"):
 * answered as what each is. English phrasings; null for any other question.
 */
export function comparedTerms(ask: string): [string, string] | null {
  const text = ask.normalize('NFKC').replace(/\s+/gu, ' ').trim()
  const match = BETWEEN.exec(text) ?? VERSUS.exec(text)
  const first = match?.[1]?.trim()
  const second = match?.[2]?.trim()
  if (!first || !second) return null
  const short = (term: string) => term.split(' ').length <= MAX_TERM_WORDS
  return short(first) && short(second) ? [first, second] : null
}

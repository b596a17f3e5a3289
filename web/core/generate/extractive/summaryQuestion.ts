/**
 * Whether a question asks what a document is about rather than a fact in it: "summarize X", "the gist
 * of X", "tl;dr of X", "X in a nutshell", "what is X about", "what's the point of X", "give me an
 * overview of X". Its answer is the document's own gist (`documentGist`), not the sentence that repeats
 * its words best. English phrasings; in other languages such a question is answered as any other.
 */
export function summaryQuestion(ask: string): boolean {
  const text = ask.toLowerCase().replace(/\s+/gu, ' ').trim()
  return SUMMARY.test(text) || ABOUT.test(text)
}

const SUMMARY =
  /\b(?:summar(?:y|i[sz]e|i[sz]ing)|gist|tl;?\s?dr|in a nutshell|overview of|main (?:points|idea|ideas)|key (?:points|takeaways)|(?:the )?point of (?:the|this|that)\b)/u
/** "what is the dropbox atf blog post about", "whats this doc about?" */
const ABOUT = /^(?:what|whats|what's)\b.*\babout\s*[?.!]*$/u

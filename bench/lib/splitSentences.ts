/**
 * A paragraph cut after `.`, `!` or `?` followed by a space and what can start a sentence (a capital,
 * a digit, a quote or a bracket). Good enough for Wikipedia prose; an abbreviation before a capital
 * ("St. Louis") is cut too, which only makes a synthetic chunk start mid-sentence now and then.
 */
export function splitSentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“'(])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '')
}

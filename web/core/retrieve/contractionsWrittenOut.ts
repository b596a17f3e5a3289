import { contractedWord, contractionLike } from './contractedWord'
import { tokenize } from './index/tokenize'

/**
 * The question with each word typed as a contraction that no found passage prints ("supt", "mtg")
 * written out as the passages print the word it contracts ("superintendent", "meeting": `contractedWord`,
 * where several fit, the one printed most beside the question's other words); null where nothing is written out.
 * `sequences` are the passages' words (`tokenize`), when the caller has them already. Search matches
 * words: "who's the supt being evaluated" found the agenda's heading, not the line "Superintendent Wendy
 * Gudalewicz" that the question written out ranks first.
 */
export function contractionsWrittenOut(
  question: string,
  passages: readonly string[],
  sequences: ReadonlyArray<readonly string[]> = passages.map((text) => tokenize(text)),
): string | null {
  const typedWords = [...new Set(tokenize(question))]
  // Most questions have no word that may be a contraction: their passages are not read at all.
  const contractions = typedWords.filter(contractionLike)
  if (contractions.length === 0) return null
  const printed = new Set(sequences.flat())
  let written = question
  for (const typed of contractions) {
    if (printed.has(typed)) continue
    // Each passage printing a word it may contract counts for as many of the question's other words as
    // it holds: "supt" beside "cupertino" and "meeting" is "superintendent", not GPU "support".
    const weights = new Map<string, number>()
    for (const sequence of sequences) {
      const held = typedWords.filter((other) => other !== typed && sequence.includes(other)).length
      for (const word of new Set(sequence)) {
        if (held > 0 && contractedWord(typed, word)) weights.set(word, (weights.get(word) ?? 0) + held)
      }
    }
    const [best] = [...weights].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    if (best)
      written = written.replace(new RegExp(`(?<![\\p{L}\\p{N}])${typed}(?![\\p{L}\\p{N}])`, 'giu'), best[0])
  }
  return written === question ? null : written
}

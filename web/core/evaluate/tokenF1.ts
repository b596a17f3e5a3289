/**
 * SQuAD-style answer normalisation and token F1, made Unicode-aware.
 *
 * Normalisation, in order:
 *  1. NFKC, then lower case (full-width letters, ligatures and compatibility digits compare equal).
 *  2. A possessive or contracted 's is dropped ("Manning's" -> "manning"), so that a name in an answer
 *     sentence still matches the bare name of a reference (SQuAD would compare "mannings" and "manning").
 *     Then `.` `,` `'` `’` between two letters or digits are dropped, joining "U.S." -> "us", "1,000" -> "1000",
 *     "don't" -> "dont" (SQuAD drops all punctuation this way; doing it only inside words keeps
 *     "well-known" and "well known" equal, and "Paris,France" splitting).
 *  3. Every other punctuation or symbol character becomes a space. Combining marks stay: they are
 *     part of letters in Devanagari, Thai, Arabic and others.
 *  4. Scripts written without spaces between words (Han, Hiragana, Katakana, Thai, Lao, Khmer,
 *     Myanmar) are split into single characters with their combining marks, as multilingual
 *     SQuAD-style evaluations (MLQA) do: no dictionary needed, and the same answer tokenises the same
 *     way on every host (unlike `Intl.Segmenter`, whose dictionaries differ between ICU versions).
 *  5. Split on whitespace and drop the English articles a, an, the.
 */
export function normaliseAnswer(text: string): string[] {
  const folded = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(POSSESSIVE_S, '')
    .replace(INNER_JOINERS, '')
    .replace(PUNCTUATION, ' ')
    .replace(UNSPACED_SCRIPT_CHARACTER, ' $& ')
  return folded.split(/\s+/u).filter((token) => token !== '' && !ARTICLES.has(token))
}

/** Token F1 of an answer against one reference answer, in [0, 1] (SQuAD's `f1_score`). */
export function tokenF1(answer: string, groundTruth: string): number {
  return f1OfTokens(normaliseAnswer(answer), normaliseAnswer(groundTruth))
}

/** The best token F1 over several acceptable answers; 0 when there are none. */
export function tokenF1Best(answer: string, groundTruths: readonly string[]): number {
  const tokens = normaliseAnswer(answer)
  let best = 0
  for (const truth of groundTruths) best = Math.max(best, f1OfTokens(tokens, normaliseAnswer(truth)))
  return best
}

/**
 * F1 over token multisets. Two texts that both normalise to nothing (an answer and a reference of
 * only articles and punctuation) count as equal, as in SQuAD; one empty side scores 0.
 */
export function f1OfTokens(answer: readonly string[], truth: readonly string[]): number {
  if (answer.length === 0 || truth.length === 0) return answer.length === truth.length ? 1 : 0
  const remaining = new Map<string, number>()
  for (const token of truth) remaining.set(token, (remaining.get(token) ?? 0) + 1)
  let common = 0
  for (const token of answer) {
    const left = remaining.get(token) ?? 0
    if (left > 0) {
      common++
      remaining.set(token, left - 1)
    }
  }
  if (common === 0) return 0
  const precision = common / answer.length
  const recall = common / truth.length
  return (2 * precision * recall) / (precision + recall)
}

const ARTICLES = new Set(['a', 'an', 'the'])

const POSSESSIVE_S = /(?<=[\p{L}\p{N}])['’]s(?![\p{L}\p{N}])/gu

const INNER_JOINERS = /(?<=[\p{L}\p{N}])[.,'’](?=[\p{L}\p{N}])/gu

const PUNCTUATION = /[\p{P}\p{S}]/gu

const UNSPACED_SCRIPT_CHARACTER =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]\p{M}*/gu

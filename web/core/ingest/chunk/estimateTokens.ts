/**
 * A tokenizer-free estimate of how many tokens a BERT-style WordPiece tokenizer (the embedders Quire
 * runs: bge, MiniLM, e5) makes of a text, so chunks can be sized before any model is loaded.
 *
 * - A word (a run of letters, digits and marks) is 1.3 tokens on average: common words are one piece,
 *   rarer ones split into two or three. The total is rounded up once, so the estimate of two texts
 *   joined by whitespace is never more than the sum of their estimates (the chunker relies on that).
 * - Every punctuation or symbol character is its own token, as WordPiece splits them off.
 * - Scripts written without spaces (Han, kana, Thai, Lao, Khmer, Myanmar) count one token per
 *   character: multilingual WordPiece vocabularies split Han per character, and counting Thai-like
 *   scripts per character overestimates, which errs on the safe side for a size limit.
 */
const UNSPACED =
  /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}\p{Script_Extensions=Thai}\p{Script_Extensions=Lao}\p{Script_Extensions=Khmer}\p{Script_Extensions=Myanmar}]/gu
const WORD = /[\p{L}\p{N}\p{M}]+/gu
const PUNCTUATION = /[^\s\p{L}\p{N}\p{M}]/gu

export function estimateTokens(text: string): number {
  const unspaced = text.match(UNSPACED)?.length ?? 0
  const rest = unspaced > 0 ? text.replace(UNSPACED, ' ') : text
  const words = rest.match(WORD)?.length ?? 0
  const punctuation = rest.match(PUNCTUATION)?.length ?? 0
  // words * 13 / 10 rather than words * 1.3: the latter is 13.000000000000002 for ten words.
  return Math.ceil((words * 13) / 10) + punctuation + unspaced
}

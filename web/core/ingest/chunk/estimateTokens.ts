import { isAsciiAlphanumeric } from '../isAsciiAlphanumeric'

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
  /^[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}\p{Script_Extensions=Thai}\p{Script_Extensions=Lao}\p{Script_Extensions=Khmer}\p{Script_Extensions=Myanmar}]$/u
const WORD = /^[\p{L}\p{N}\p{M}]$/u
const SPACE = /^\s$/u

const enum Kind {
  Space,
  Word,
  Punctuation,
  Unspaced,
}

/**
 * One pass over the text, ASCII decided without a regular expression: the chunker asks this of every
 * piece it packs, and matching three patterns over each (arrays of every word and mark) was the largest
 * share of chunking's time on long documents (long-pdf benchmark).
 */
export function estimateTokens(text: string): number {
  let words = 0
  let punctuation = 0
  let unspaced = 0
  let inWord = false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    let kind: Kind
    if (code < 0x80) {
      kind = isAsciiAlphanumeric(code) ? Kind.Word : isAsciiSpace(code) ? Kind.Space : Kind.Punctuation
    } else {
      const point = text.codePointAt(index)!
      if (point > 0xffff) index++
      const char = String.fromCodePoint(point)
      kind = UNSPACED.test(char)
        ? Kind.Unspaced
        : WORD.test(char)
          ? Kind.Word
          : SPACE.test(char)
            ? Kind.Space
            : Kind.Punctuation
    }
    if (kind === Kind.Word) {
      if (!inWord) words++
      inWord = true
      continue
    }
    inWord = false
    if (kind === Kind.Punctuation) punctuation++
    else if (kind === Kind.Unspaced) unspaced++
  }
  // words * 13 / 10 rather than words * 1.3: the latter is 13.000000000000002 for ten words.
  return Math.ceil((words * 13) / 10) + punctuation + unspaced
}

/** Tab, line feed, vertical tab, form feed, carriage return, space: what `\s` matches below 0x80. */
function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d)
}

/**
 * Words in a text for `metadata.word_count`: runs of letters or digits, except that scripts written
 * without spaces (Han, kana, Thai, Lao, Khmer, Myanmar) count each character as a word, the usual
 * convention for CJK word counts.
 */
const UNSPACED = /[\u4E00-\u9FFF\u3400-\u4DBF\u3040-\u30FF\u0E00-\u0EFF\u1780-\u17FF\u1000-\u109F]/gu

export function countWords(text: string): number {
  const unspaced = text.match(UNSPACED)?.length ?? 0
  const rest = text.replace(UNSPACED, ' ')
  const words = rest.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’_-]*/gu)?.length ?? 0
  return words + unspaced
}

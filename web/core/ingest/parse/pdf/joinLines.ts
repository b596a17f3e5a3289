/** Hyphen-minus and the Unicode hyphen; a dash (– —) at a line end is punctuation and stays. */
const BREAK_HYPHEN = /(\p{L})[-\u2010]$/u
/** Scripts written without spaces between words, so a line break inside a paragraph is no word boundary. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u

/**
 * Appends the next line of a paragraph. A word broken at the line end ("trac-" + "ing") is mended when the
 * next line goes on in lower case; "Trace-" + "Monkey" keeps its hyphen (and gets no space), since upper
 * case after a hyphen is usually a real compound. Mending also closes up the odd lower-case compound split
 * at its hyphen ("mixed-" + "mode" -> "mixedmode"): the layout cannot tell the two apart, and broken words
 * are far more common.
 */
export function joinLines(text: string, next: string): string {
  if (text === '') return next
  if (next === '') return text
  const first = next[0] ?? ''
  // A soft hyphen is only ever shown at a break, so the word always goes on.
  if (text.endsWith('\u00AD')) return text.slice(0, -1) + next
  if (BREAK_HYPHEN.test(text) && /^\p{Ll}/u.test(next)) return text.slice(0, -1) + next
  if (BREAK_HYPHEN.test(text) && /^\p{L}/u.test(next)) return text + next
  if (UNSPACED.test(text.at(-1) ?? '') && UNSPACED.test(first)) return text + next
  return text + ' ' + next
}

/**
 * Whether a page's text layer is garbage that OCR should read again: a broken font encoding or a bad
 * OCR layer from a scanner gives replacement characters, private-use glyphs, control characters or
 * symbol soup instead of words. The rule, measured over the non-space characters of the page:
 * - fewer than 20 of them: not judged (a page with a figure caption only is not garbage), unless
 *   there are no letters or digits at all;
 * - garbage when more than 10 percent are U+FFFD, private-use (U+E000-U+F8FF) or control characters,
 *   or when fewer than 50 percent are letters or digits (prose is about 80 percent letters, a page of
 *   tables well over 50 percent digits and letters).
 * A page with no text at all is not garbled (it is empty, and read by OCR for that reason).
 */
export function isGarbledText(text: string): boolean {
  const visible = text.replace(/\s+/gu, '')
  if (visible.length === 0) return false
  const chars = [...visible]
  let wordChars = 0
  let broken = 0
  for (const char of chars) {
    if (/[\p{L}\p{N}\p{M}]/u.test(char)) wordChars++
    else if (/[\uFFFD\uE000-\uF8FF\p{Cc}]/u.test(char)) broken++
  }
  if (wordChars === 0) return true
  if (chars.length < 20) return false
  return broken / chars.length > 0.1 || wordChars / chars.length < 0.5
}

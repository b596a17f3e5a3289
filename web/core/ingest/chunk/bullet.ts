/**
 * Characters that only ever mark a list item at a line's start: dots, squares, diamonds, arrows,
 * ticks, and the full-width asterisk East Asian documents type. The hyphen and the ASCII asterisk mark
 * items too, but a line of a PDF may open with them as text.
 */
export const BULLET_SIGNS = '•◦▪▫●○■□‣⁃∙·◆◇❖➢➤►▶✓✔＊'

/** A line's opening bullet (any of BULLET_SIGNS, a hyphen or an asterisk) with the space after it. */
export const BULLET = new RegExp(`^[-*${BULLET_SIGNS}]+\\s+`, 'u')

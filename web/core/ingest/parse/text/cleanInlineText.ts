/**
 * Zero-width spaces and word joiners (anchor links on headings are often just one) are invisible
 * and would break matching. Zero-width (non-)joiners stay: Persian and Indic scripts need them.
 */
const INVISIBLE = /[\u200b\u2060\ufeff]/g

/**
 * Whitespace as a reader sees it in flowing text: runs of spaces, tabs and no-break spaces become one
 * space, lines are trimmed and empty lines dropped. `\n` survives only where the source asked for a
 * line break (`<br>`, a Markdown hard break); soft line breaks must be turned into spaces before.
 */
export function cleanInlineText(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n')
}

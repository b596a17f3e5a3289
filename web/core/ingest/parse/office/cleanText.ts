/**
 * Normalises extracted text for indexing: runs of spaces, tabs and no-break spaces become one
 * space, control characters are dropped, each line is trimmed and empty lines are removed. Line
 * breaks inside a block survive (lists and tables are one item or row per line).
 */
export function cleanText(text: string): string {
  return dropControlCharacters(text.replace(/\r\n?/g, '\n'))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n')
}

/** cleanText on one line: line breaks become spaces (titles, headings, table cells). */
export function cleanLine(text: string): string {
  return cleanText(text).replace(/\n/g, ' ')
}

// Keeps tab and line feed; drops C0 controls, DEL, zero-width space and byte-order marks, which
// binary formats leave behind as field and object markers.
function dropControlCharacters(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    const control = (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f
    if (!control && code !== 0x200b && code !== 0xfeff) out += text[i]
  }
  return out
}

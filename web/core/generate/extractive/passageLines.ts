/**
 * A passage's lines as the extractive answerer reads them: each line's runs of white space one space, trimmed,
 * empty lines left out. A chunk keeps a list's items and a table's rows one a line, and a blank line between
 * blocks; this is its text line by line.
 */
export function passageLines(text: string): string[] {
  return text
    .split(/\r\n?|\n/u)
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter((line) => line !== '')
}

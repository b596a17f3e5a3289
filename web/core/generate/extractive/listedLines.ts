import { TABLE_ROW } from './listItems'

/**
 * The lines of a passage (as `passageLines` numbers them) that are items of a list: a chunk writes a
 * block's lines one a line and a blank line between blocks, so a block of two lines or more that is no
 * table is a list (a Word list's numbered paragraphs, a Markdown list), its markers gone with the file's
 * format. A PDF's paragraphs come as one line each; a slide's lines are its bullets.
 */
export function listedLines(text: string): Set<number> {
  const listed = new Set<number>()
  let index = 0
  for (const block of text.split(/(?:\r\n?|\n)[^\S\r\n]*(?:\r\n?|\n)/u)) {
    const lines = block
      .split(/\r\n?|\n/u)
      .map((line) => line.replace(/\s+/gu, ' ').trim())
      .filter((line) => line !== '')
    if (lines.length >= 2 && !lines.some((line) => TABLE_ROW.test(line)))
      lines.forEach((_, i) => listed.add(index + i))
    index += lines.length
  }
  return listed
}

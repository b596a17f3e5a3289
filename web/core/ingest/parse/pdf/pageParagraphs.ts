import { buildParagraphs, cleanText, type RawParagraph } from './buildParagraphs'
import { buildPhrases } from './buildPhrases'
import { countLetters, groupLines, type Line } from './groupLines'
import { orderRegions } from './orderRegions'
import type { PdfJsTextContent } from './PdfJs'
import type { FigureTable } from './readFigureTable'
import { toTextBoxes, type TextBox } from './toTextBoxes'

/**
 * Above this many phrases in one frame the page is read as a single region (lines top to bottom, no column
 * detection): the cuts cost O(n log n) per level, and pages that large are tables or generated noise.
 */
const MAX_LAYOUT_PHRASES = 4000
/** A table's title: short, set no larger than the table, within a few lines above it (as in readFigureTable). */
const MAX_TITLE_CHARS = 240
const MAX_TITLE_SIZE = 1.15
const MAX_TITLE_GAP_EM = 6

/**
 * A page's paragraphs in reading order: upright text first, then text turned by 90/180/270 degrees (each
 * laid out in its own frame, e.g. a landscape table on a portrait page or a rotated margin note), then text
 * at odd angles in stream order.
 */
export function pageParagraphs(content: PdfJsTextContent, viewport: readonly number[]): RawParagraph[] {
  const { frames, loose } = toTextBoxes(content.items, viewport)
  const paragraphs: RawParagraph[] = []
  for (const { boxes } of frames) {
    const phrases = buildPhrases(boxes)
    const regions =
      phrases.length > MAX_LAYOUT_PHRASES ? [phrases] : orderRegions(phrases, isRightToLeft(boxes))
    // Lines run into paragraphs across regions (a paragraph goes on in the next column); a table stops them.
    let lines: Line[] = []
    for (const region of regions) {
      if (Array.isArray(region)) {
        lines.push(...groupLines(region))
        continue
      }
      const above = buildParagraphs(lines)
      const title = lines.at(-1)
      // The layout may read a table's title as a region of its own (it spans the columns' gutter); a short
      // paragraph set right above the table, no larger than it, is its title all the same.
      const last = above.at(-1)
      if (
        last &&
        title &&
        region.rows[0]![0] === '' &&
        last.text.length <= MAX_TITLE_CHARS &&
        last.fontSize <= MAX_TITLE_SIZE * region.fontSize &&
        region.top - title.baseline <= MAX_TITLE_GAP_EM * region.fontSize
      ) {
        above.pop()
        region.rows[0]![0] = last.text
      }
      paragraphs.push(...above, tableParagraph(region))
      lines = []
    }
    paragraphs.push(...buildParagraphs(lines))
  }
  const looseText = cleanText(loose.join(' '))
  if (/[\p{L}\p{N}]/u.test(looseText)) paragraphs.push({ text: looseText, fontSize: 0, lines: loose.length })
  return paragraphs
}

/** A table's rows as a paragraph: one line per row, cells joined by ' | ', the rows kept for the table block. */
function tableParagraph(table: FigureTable): RawParagraph {
  // A header row with nothing in it (no title, no column names) is left out.
  const rows = table.rows[0]!.every((cell) => cell === '') ? table.rows.slice(1) : table.rows
  return {
    text: rows.map((row) => row.join(' | ')).join('\n'),
    fontSize: table.fontSize,
    lines: rows.length,
    rows,
  }
}

/** Columns run right to left where most letters are in right-to-left runs (Arabic, Hebrew pages). */
function isRightToLeft(boxes: readonly TextBox[]): boolean {
  let balance = 0
  for (const box of boxes) balance += (box.rtl ? 1 : -1) * countLetters(box.text)
  return balance > 0
}

import { buildParagraphs, cleanText, type RawParagraph } from './buildParagraphs'
import { buildPhrases } from './buildPhrases'
import { countLetters, groupLines } from './groupLines'
import { orderRegions } from './orderRegions'
import type { PdfJsTextContent } from './PdfJs'
import { toTextBoxes, type TextBox } from './toTextBoxes'

/**
 * Above this many phrases in one frame the page is read as a single region (lines top to bottom, no column
 * detection): the cuts cost O(n log n) per level, and pages that large are tables or generated noise.
 */
const MAX_LAYOUT_PHRASES = 4000

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
    paragraphs.push(...buildParagraphs(regions.flatMap((region) => groupLines(region))))
  }
  const looseText = cleanText(loose.join(' '))
  if (/[\p{L}\p{N}]/u.test(looseText)) paragraphs.push({ text: looseText, fontSize: 0, lines: loose.length })
  return paragraphs
}

/** Columns run right to left where most letters are in right-to-left runs (Arabic, Hebrew pages). */
function isRightToLeft(boxes: readonly TextBox[]): boolean {
  let balance = 0
  for (const box of boxes) balance += (box.rtl ? 1 : -1) * countLetters(box.text)
  return balance > 0
}

import type { RawParagraph } from '../parse/pdf/buildParagraphs'
import { joinLines } from '../parse/pdf/joinLines'
import { isGarbledText } from './isGarbledText'

/**
 * Paragraphs of recognised text, in the PDF parser's shape (no type size, so never taken for headings).
 * Paragraphs are split at blank lines; a line that is symbol soup (what OCR makes of an illustration or
 * a smudge: see isGarbledText) or has fewer than two letters is dropped, so noise is neither indexed
 * nor counted as text.
 */
export function ocrParagraphs(text: string): RawParagraph[] {
  const paragraphs: RawParagraph[] = []
  for (const part of text.split(/\n\s*\n/u)) {
    let joined = ''
    let lines = 0
    for (const raw of part.split('\n')) {
      const line = raw.trim()
      if ((line.match(/\p{L}/gu)?.length ?? 0) < 2 || isGarbledText(line)) continue
      joined = joinLines(joined, line)
      lines++
    }
    if (joined) paragraphs.push({ text: joined, fontSize: 0, lines })
  }
  return paragraphs
}

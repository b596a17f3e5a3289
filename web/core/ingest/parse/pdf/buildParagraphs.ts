import { BULLET_SIGNS } from '../../chunk/bullet'
import { dominantSize } from './geometry'
import { countLetters, type Line } from './groupLines'
import { joinLines } from './joinLines'

/** A paragraph of one page before heading detection: its text and the size most of it is set in. */
export interface RawParagraph {
  text: string
  fontSize: number
  lines: number
  /** A table of figures read row by row (`readFigureTable`): its cells, header row first. */
  rows?: string[][]
}

/** A gap between baselines this many times the page's usual line pitch starts a paragraph. */
const PARAGRAPH_PITCH = 1.25
/** Font sizes further apart than this ratio are different kinds of text (a heading and its body). */
const SIZE_CHANGE = 1.15
const BULLET = new RegExp(`^[${BULLET_SIGNS}]`, 'u')
const SENTENCE_END = /[.!?:;"”’)]$/u

/**
 * Splits lines, already in reading order, into paragraphs. A new paragraph starts where the text moves up
 * or sideways (the next column), after a gap clearly larger than the usual line pitch, where the font size
 * changes, at a bullet, or at a first-line indent after a line that ends a sentence (the indent alone would
 * also split hanging list items). Continuation lines are joined with `joinLines`, which mends hyphenation.
 */
export function buildParagraphs(lines: readonly Line[]): RawParagraph[] {
  const pitch = usualPitch(lines)
  const paragraphs: RawParagraph[] = []
  let group: Line[] = []
  let previous: Line | undefined
  for (const line of lines) {
    if (previous && startsParagraph(previous, line, pitch)) {
      paragraphs.push(toParagraph(group))
      group = []
    }
    group.push(line)
    previous = line
  }
  if (group.length > 0) paragraphs.push(toParagraph(group))
  // Lines of symbols only (rules, bullets, leftovers of unmapped fonts) carry nothing to search for.
  return paragraphs.filter((paragraph) => /[\p{L}\p{N}]/u.test(paragraph.text))
}

function startsParagraph(previous: Line, line: Line, pitch: number): boolean {
  const size = Math.max(previous.fontSize, line.fontSize)
  const step = line.baseline - previous.baseline
  if (step <= 0.3 * size) return true
  if (line.x1 < previous.x0 || line.x0 > previous.x1) return true
  if (step > PARAGRAPH_PITCH * pitch * size) return true
  if (size > SIZE_CHANGE * Math.max(0.1, Math.min(previous.fontSize, line.fontSize))) return true
  if (BULLET.test(line.text)) return true
  const indent = line.rtl ? previous.x1 - line.x1 : line.x0 - previous.x0
  return indent >= 0.8 * size && indent <= 8 * size && SENTENCE_END.test(previous.text.trimEnd())
}

/** The median baseline step between consecutive lines of one size, in em; 1.2 when there is none. */
function usualPitch(lines: readonly Line[]): number {
  const ratios: number[] = []
  for (let index = 1; index < lines.length; index++) {
    const previous = lines[index - 1]
    const line = lines[index]
    if (!previous || !line || Math.abs(previous.fontSize - line.fontSize) > 0.1 * line.fontSize) continue
    const ratio = (line.baseline - previous.baseline) / line.fontSize
    if (ratio > 0.8 && ratio < 2.5) ratios.push(ratio)
  }
  ratios.sort((a, b) => a - b)
  return ratios[ratios.length >> 1] ?? 1.2
}

function toParagraph(lines: readonly Line[]): RawParagraph {
  let text = ''
  for (const line of lines) text = joinLines(text, closeLetterSpacing(cleanText(line.text)))
  return {
    text,
    fontSize: dominantSize(
      lines.map((line) => ({ fontSize: line.fontSize, chars: countLetters(line.text) })),
    ),
    lines: lines.length,
  }
}

/** A word set letter-spaced ("A S I A T I C A") reads as single letters; closed up it can be found. */
function closeLetterSpacing(line: string): string {
  return /^(?:\p{L} ){3,}\p{L}$/u.test(line) ? line.replace(/ /gu, '') : line
}

/**
 * Collapses whitespace. Control characters become spaces: fonts without a Unicode mapping yield their raw
 * codes, and where such a font maps its space glyph to a control code ("Overview\u0002of\u0002the") this
 * keeps the words apart; the rest of such text is unreadable anyway. U+FFFD (unmappable glyph) is dropped.
 */
export function cleanText(text: string): string {
  return text
    .replace(/[\p{Cc}\uFFFE\uFFFF]/gu, ' ')
    .replace(/\uFFFD/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
}

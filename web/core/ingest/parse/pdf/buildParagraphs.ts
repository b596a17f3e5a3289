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
 * also split hanging list items); a run-in label (`runInLabel`) is a paragraph of its own. Continuation
 * lines are joined with `joinLines`, which mends hyphenation.
 */
export function buildParagraphs(lines: readonly Line[]): RawParagraph[] {
  const pitch = usualPitch(lines)
  const paragraphs: RawParagraph[] = []
  let group: Line[] = []
  let previous: Line | undefined
  let label = false
  lines.forEach((line, at) => {
    const next = lines[at + 1]
    const labels = next !== undefined && runInLabel(previous, line, next)
    if (previous && (label || labels || startsParagraph(previous, line, pitch))) {
      paragraphs.push(toParagraph(group))
      group = []
    }
    group.push(line)
    previous = line
    label = labels
  })
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

/** A run-in label has at most this many words, */
const LABEL_WORDS = 6
/** and is at most this share of the width of the line after it, */
const LABEL_WIDTH = 0.6
/** a line of prose: a row of a table's cells has fewer words. */
const PROSE_WORDS = 6
/** A row of a table of figures ends in one ("… 1.27 - 1.34", "… 12%", "… (3.2)"). */
const ROW_END = /\d%?\)?$/u
/** A question's end: an FAQ's question is a label of its own, however it ends. */
const QUESTION_END = /\?["'”’)]*$/u
/** A question standing as a label has at most this many words. */
const QUESTION_WORDS = 12
/** A line that ends a sentence, or a clause ("…, and"): a label's line ends in none of these. */
const CLAUSE_END = /[.!?;,]$/u

/**
 * A short line standing alone between a sentence's end and a longer line that opens a sentence, in the
 * same type: a run-in heading or a glossary's term ("reftest (R)" between "…this crash again." and "A
 * reftest verifies that…"), set apart by bold type or a tab the text has lost; or between two rows of
 * figures, the title of the table under it ("…Wisconsin 1.27 - 1.34" / "Biodiesel B100 ($/gal)" / "Iowa
 * 2.85 2.99 - 3.30"). Joined with the lines around it, it would run two sentences together ("…again.
 * reftest (R) A reftest verifies…") or end the table before it; it is a paragraph of its own.
 */
function runInLabel(previous: Line | undefined, line: Line, next: Line): boolean {
  const text = line.text.trim()
  const before = previous?.text.trimEnd() ?? ''
  const after = next.text.trim()
  // "Who can build an ADU?" over its answer: an FAQ's question, a heading in body type.
  const asks = QUESTION_END.test(text)
  const label =
    (!CLAUSE_END.test(text) || asks) &&
    text.split(/\s+/u).length <= (asks ? QUESTION_WORDS : LABEL_WORDS) &&
    line.x1 - line.x0 <= LABEL_WIDTH * (next.x1 - next.x0) &&
    /^\p{Lu}/u.test(after) &&
    Math.abs(line.fontSize - next.fontSize) <= 0.05 * next.fontSize
  if (!label) return false
  // Between a sentence's end and a line of prose; or between two rows of figures: the next table's title.
  const prose =
    (previous === undefined || SENTENCE_END.test(before)) && after.split(/\s+/u).length >= PROSE_WORDS
  return prose || (ROW_END.test(before) && ROW_END.test(after))
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

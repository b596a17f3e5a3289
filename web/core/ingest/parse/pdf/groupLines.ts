import { isAsciiAlphanumeric } from '../../isAsciiAlphanumeric'
import type { Phrase } from './buildPhrases'
import { bottom, dominantSize, sameLine, top } from './geometry'
import { joinBoxes } from './joinBoxes'

/** One line of text in a region, with the geometry the paragraph step needs. */
export interface Line {
  text: string
  x0: number
  x1: number
  baseline: number
  /** The size most of the line's characters have. */
  fontSize: number
  /** Most characters are right-to-left: the line starts at its right end. */
  rtl: boolean
}

/**
 * Groups a region's phrases into lines, top to bottom. A phrase joins a line when it overlaps the line's
 * largest phrase vertically (so superscripts and subscripts stay in their line, while a chain of slightly
 * offset phrases cannot pull two lines together). Phrases of a line are read left to right, or right to left
 * when most of its characters are right-to-left; inside a phrase the stream order is kept, since pdf.js has
 * already put right-to-left runs and combining marks in logical order.
 */
export function groupLines(phrases: readonly Phrase[]): Line[] {
  const sorted = [...phrases].sort((a, b) => top(a) + bottom(a) - (top(b) + bottom(b)))
  const groups: Array<{ anchor: Phrase; members: Phrase[] }> = []
  let current: { anchor: Phrase; members: Phrase[] } | undefined
  for (const phrase of sorted) {
    if (current && sameLine(current.anchor, phrase)) {
      current.members.push(phrase)
      if (phrase.fontSize > current.anchor.fontSize) current.anchor = phrase
    } else {
      current = { anchor: phrase, members: [phrase] }
      groups.push(current)
    }
  }
  return groups.map(({ anchor, members }) => toLine(anchor, members))
}

function toLine(anchor: Phrase, members: Phrase[]): Line {
  let rtlChars = 0
  let ltrChars = 0
  for (const phrase of members) {
    for (const box of phrase.boxes) {
      const letters = countLetters(box.text)
      if (box.rtl) rtlChars += letters
      else ltrChars += letters
    }
  }
  const rtl = rtlChars > ltrChars
  const ordered = [...members].sort((a, b) => (rtl ? b.x1 - a.x1 : a.x0 - b.x0))
  const boxes = ordered.flatMap((phrase) => phrase.boxes)
  return {
    text: joinBoxes(boxes),
    x0: Math.min(...members.map((phrase) => phrase.x0)),
    x1: Math.max(...members.map((phrase) => phrase.x1)),
    baseline: anchor.baseline,
    fontSize: dominantSize(boxes.map((box) => ({ fontSize: box.fontSize, chars: countLetters(box.text) }))),
    rtl,
  }
}

const LETTER = /^[\p{L}\p{N}]$/u

/**
 * Letters and digits (code points), ASCII decided without a regular expression: asked of every text box
 * of every page, where matching them all into an array was a tenth of a long PDF's reading time
 * (long-pdf benchmark).
 */
export function countLetters(text: string): number {
  let letters = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x80) {
      if (isAsciiAlphanumeric(code)) letters++
      continue
    }
    const point = text.codePointAt(index)!
    if (point > 0xffff) index++
    if (LETTER.test(String.fromCodePoint(point))) letters++
  }
  return letters
}

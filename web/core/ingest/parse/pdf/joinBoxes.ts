import { horizontalGap } from './geometry'
import type { TextBox } from './toTextBoxes'

/**
 * A gap wider than this (in em of the smaller font) is a word space. Word spaces are about 0.25 em; Thai
 * and CJK runs, which have no spaces, touch, so they are joined without one.
 */
const SPACE_GAP_EM = 0.15

/** Joins boxes given in reading order into one string, inserting a space where the layout shows one. */
export function joinBoxes(boxes: readonly TextBox[]): string {
  let text = ''
  let previous: TextBox | undefined
  for (const box of boxes) {
    if (previous && needsSpace(previous, box, text)) text += ' '
    text += box.text
    previous = box
  }
  return text
}

function needsSpace(previous: TextBox, box: TextBox, text: string): boolean {
  if (/\s$/u.test(text) || /^\s/u.test(box.text)) return false
  if (previous.spaceAfter) return true
  // A right-to-left run meeting a left-to-right word ("Python" + "من") touches it in the layout: the space
  // between them is drawn at the far end of the right-to-left run, where pdf.js drops it.
  if (previous.rtl !== box.rtl && /\p{L}$/u.test(previous.text) && /^\p{L}/u.test(box.text)) return true
  return horizontalGap(previous, box) > SPACE_GAP_EM * Math.min(previous.fontSize, box.fontSize)
}

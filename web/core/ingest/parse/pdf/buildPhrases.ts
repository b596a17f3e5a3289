import { type Extent, horizontalGap, sameLine } from './geometry'
import type { TextBox } from './toTextBoxes'

/** Neighbouring text boxes of one line, read as a unit by the column and line steps. */
export interface Phrase extends Extent {
  /** In content stream order, which is logical order for right-to-left runs too. */
  boxes: TextBox[]
}

/** Word gaps are about 0.25 em and column gutters at least about 1 em; joining stops well below that. */
const MAX_JOIN_GAP = 0.6

/**
 * Joins boxes that follow each other in the content stream, sit on the same line and (nearly) touch. Stream
 * order keeps this cheap and avoids chaining lines of neighbouring columns together; boxes of one line that
 * the stream scatters stay separate phrases and meet again in `groupLines`. A box drawn twice at the same
 * spot (fake bold) is kept once.
 */
export function buildPhrases(boxes: readonly TextBox[]): Phrase[] {
  const phrases: Phrase[] = []
  let current: Phrase | undefined
  let last: TextBox | undefined
  for (const box of boxes) {
    if (current && last && sameLine(last, box)) {
      const size = Math.max(last.fontSize, box.fontSize)
      if (
        box.text === last.text &&
        Math.abs(box.x0 - last.x0) < 0.2 * size &&
        Math.abs(box.baseline - last.baseline) < 0.2 * size
      ) {
        continue
      }
      if (horizontalGap(last, box) <= MAX_JOIN_GAP * size) {
        current.boxes.push(box)
        current.x0 = Math.min(current.x0, box.x0)
        current.x1 = Math.max(current.x1, box.x1)
        if (box.fontSize > current.fontSize) {
          current.fontSize = box.fontSize
          current.baseline = box.baseline
        }
        last = box
        continue
      }
    }
    current = { boxes: [box], x0: box.x0, x1: box.x1, baseline: box.baseline, fontSize: box.fontSize }
    phrases.push(current)
    last = box
  }
  return phrases
}

import { medianFontSize } from './geometry'
import type { Phrase } from './buildPhrases'

/** Two-column papers leave 2-3 em between columns, dense tax forms about 1.2 em; word gaps stay below 1 em. */
const MIN_GUTTER_EM = 0.9
/**
 * Each side of a gutter must be this wide, so a column of bullets, list numbers or margin labels is read
 * with its lines instead of as a column of its own.
 */
const MIN_COLUMN_EM = 4
/**
 * Each side must also hold this many lines. A run-in heading ("General Terms  Design, Experimentation,
 * Perfor-" over "mance.") leaves a one-line gap after the heading that is no gutter; in real columns the
 * lines below cross it, unless the paragraph ends there, and then the right side has one line only.
 */
const MIN_COLUMN_LINES = 2

export interface ColumnCut {
  left: Phrase[]
  right: Phrase[]
}

/**
 * Finds the widest vertical gutter that no phrase of the region crosses, from the region's top to its
 * bottom. Table columns pass this test too and are then read column by column; a full-width line (a
 * title, a caption across both columns) blocks the gutter, which is what makes the caller cut the region
 * into horizontal bands first.
 */
export function findColumnCut(phrases: readonly Phrase[]): ColumnCut | undefined {
  if (phrases.length < 2) return undefined
  const em = medianFontSize(phrases)
  const sorted = [...phrases].sort((a, b) => a.x0 - b.x0)
  const first = sorted[0]
  if (!first) return undefined
  const farthest = sorted.reduce((max, phrase) => Math.max(max, phrase.x1), -Infinity)
  let reach = first.x1
  const gutters: Array<{ index: number; width: number }> = []
  for (let index = 1; index < sorted.length; index++) {
    const phrase = sorted[index]
    if (!phrase) continue
    const width = phrase.x0 - reach
    if (
      width >= MIN_GUTTER_EM * em &&
      reach - first.x0 >= MIN_COLUMN_EM * em &&
      farthest - phrase.x0 >= MIN_COLUMN_EM * em
    ) {
      gutters.push({ index, width })
    }
    reach = Math.max(reach, phrase.x1)
  }
  // The widest gutter whose sides both hold lines: beside a lone label ("Revenue:") the widest gap is no
  // gutter, and the next one (between a table's columns) still is.
  gutters.sort((a, b) => b.width - a.width)
  for (const { index } of gutters) {
    const left = sorted.slice(0, index)
    const right = sorted.slice(index)
    if (countLines(left, em) >= MIN_COLUMN_LINES && countLines(right, em) >= MIN_COLUMN_LINES)
      return { left, right }
  }
  return undefined
}

/** Distinct baselines, half an em apart at least. */
function countLines(phrases: readonly Phrase[], em: number): number {
  const baselines = phrases.map((phrase) => phrase.baseline).sort((a, b) => a - b)
  let lines = 0
  let last = -Infinity
  for (const baseline of baselines) {
    if (baseline - last > 0.5 * em) lines++
    last = baseline
  }
  return lines
}

import { bottom, medianFontSize, top } from './geometry'
import type { Phrase } from './buildPhrases'
import { findColumnCut } from './findColumnCut'
import { type FigureTable, readFigureTable } from './readFigureTable'

/** A leaf region: phrases whose lines `groupLines` finds, or a table of figures already read row by row. */
export type Region = Phrase[] | FigureTable

/** Paragraph spacing is at least about a third of an em; line spacing inside a paragraph leaves less. */
const MIN_BAND_GAP_EM = 0.25
/** Real layouts nest a few levels deep; a hostile page must not recurse without end. */
const MAX_DEPTH = 40

/**
 * Splits a page's phrases into regions in reading order (a recursive XY cut): where a gutter runs through
 * the whole region, read its columns one after the other (right to left on right-to-left pages); else cut
 * the region into horizontal bands at empty vertical gaps and read them top to bottom. Consecutive bands
 * whose union still has a common gutter are read together, so two columns that happen to have a blank
 * line at the same height are not interleaved; a full-width title or caption stops that merge. Regions
 * with neither cut are leaves, whose lines `groupLines` finds. A gutter between row labels and columns of
 * figures is a table's, not a page's: that region is read row by row (`readFigureTable`).
 */
export function orderRegions(phrases: readonly Phrase[], rtl: boolean, depth = 0): Region[] {
  if (phrases.length < 2 || depth > MAX_DEPTH) return [[...phrases]]
  const cut = findColumnCut(phrases)
  const table = cut && !rtl ? readFigureTable(phrases, cut) : undefined
  if (table) {
    return [
      ...orderRegions(table.before, rtl, depth + 1),
      table.table,
      ...orderRegions(table.after, rtl, depth + 1),
    ]
  }
  if (cut) {
    const left = orderRegions(cut.left, rtl, depth + 1)
    const right = orderRegions(cut.right, rtl, depth + 1)
    return rtl ? [...right, ...left] : [...left, ...right]
  }
  const bands = splitBands(phrases)
  if (bands.length < 2) return [[...phrases]]
  const regions: Region[] = []
  let index = 0
  while (index < bands.length) {
    let group = bands[index] ?? []
    index++
    while (index < bands.length) {
      const merged = group.concat(bands[index] ?? [])
      if (!findColumnCut(merged)) break
      group = merged
      index++
    }
    regions.push(...orderRegions(group, rtl, depth + 1))
  }
  return regions
}

/** Horizontal bands, top to bottom, separated by gaps that no phrase spans. */
export function splitBands(phrases: readonly Phrase[]): Phrase[][] {
  const minGap = MIN_BAND_GAP_EM * medianFontSize(phrases)
  const sorted = [...phrases].sort((a, b) => top(a) - top(b))
  const bands: Phrase[][] = []
  let band: Phrase[] = []
  let reach = -Infinity
  for (const phrase of sorted) {
    if (band.length > 0 && top(phrase) - reach >= minGap) {
      bands.push(band)
      band = []
    }
    band.push(phrase)
    reach = Math.max(reach, bottom(phrase))
  }
  if (band.length > 0) bands.push(band)
  return bands
}

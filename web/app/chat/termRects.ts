import type { Rect, TextItemLike } from './highlightRects'
import { viewportBox } from './highlightRects'

/**
 * Boxes, in the viewport's CSS pixels, over each occurrence of `term` on the page (find in document).
 * pdf.js gives a line or a run of text as one item with one width; an occurrence's box is its share of
 * that width, which is exact for evenly spaced text and close enough to mark a word in proportional type.
 * A term split across two items (a line break, a change of font) is not found; finding it in the page's
 * joined text still lists the page.
 */
export function termRects(
  items: readonly (TextItemLike | object)[],
  viewportTransform: number[],
  term: string,
): Rect[] {
  const wanted = term.trim().toLowerCase()
  if (!wanted) return []
  const rects: Rect[] = []
  for (const entry of items) {
    if (!('str' in entry)) continue
    const item = entry as TextItemLike
    const text = (item.str ?? '').toLowerCase()
    if (!text || !item.transform) continue
    const box = viewportBox(item, viewportTransform)
    for (let at = text.indexOf(wanted); at !== -1; at = text.indexOf(wanted, at + wanted.length)) {
      rects.push({
        x: box.x + (box.width * at) / text.length,
        y: box.y,
        width: (box.width * wanted.length) / text.length,
        height: box.height,
      })
    }
  }
  return rects
}

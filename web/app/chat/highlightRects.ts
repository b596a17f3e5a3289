/** The parts of a pdf.js text item this needs (`TextItem`; marked-content items have no `str`). */
export interface TextItemLike {
  str?: string
  transform?: number[]
  width?: number
}

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

type Matrix = [number, number, number, number, number, number]

function multiply(m: number[], n: number[]): Matrix {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = m
  const [g = 0, h = 0, i = 0, j = 0, k = 0, l = 0] = n
  return [a * g + c * h, b * g + d * h, a * i + c * j, b * i + d * j, a * k + c * l + e, b * k + d * l + f]
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()

/**
 * Boxes, in the viewport's CSS pixels, over the page's text items that occur in the cited passage. The
 * chunk's text was extracted from these same items, so a line of the passage is usually one item or a few;
 * very short items ("a", "of", a page number) would match almost any passage and are left out.
 */
export function highlightRects(
  items: readonly (TextItemLike | object)[],
  viewportTransform: number[],
  passage: string,
  quote?: string,
): Rect[] {
  const haystack = normalise(passage)
  const matched: { text: string; rect: Rect }[] = []
  for (const entry of items) {
    if (!('str' in entry)) continue
    const item = entry as TextItemLike
    const text = normalise(item.str ?? '')
    if (text.length < 4 || !item.transform || !haystack.includes(text)) continue
    matched.push({ text, rect: viewportBox(item, viewportTransform) })
  }
  return quote ? narrowToQuote(matched, quote) : matched.map((m) => m.rect)
}

/** Words and numbers of two characters or more, as a set (a line's cells, an answer's sentence). */
function tokens(text: string): Set<string> {
  return new Set(normalise(text).match(/[\p{L}\p{N}][\p{L}\p{N}.,%$-]*[\p{L}\p{N}%]/gu) ?? [])
}

/** How much of a line must be in the answer's sentence for the line to be what it cites. */
const LINE_SHARE = 0.6
/**
 * And how many of the sentence's words it must hold, against the line holding most: a table's header
 * (a date, "Twelve Months Ended") is in the sentence that reads a row too, but the row holds far more.
 */
const BEST_SHARE = 0.7

/**
 * The cited passage's lines that the answer's sentence quotes (issue 40: a citation in a table marked the
 * whole table, not the row the answer read). Items on one baseline are a line (a table's row, a
 * paragraph's line); a line is kept when most of its words are in the sentence and it holds nearly as
 * many of them as the line holding most. When no line is, the answer paraphrased: the whole passage
 * stays marked.
 */
function narrowToQuote(matched: readonly { text: string; rect: Rect }[], quote: string): Rect[] {
  const said = tokens(quote)
  const lines = new Map<number, { text: string; rect: Rect }[]>()
  for (const entry of matched) {
    const key = Math.round(entry.rect.y + entry.rect.height)
    lines.set(key, [...(lines.get(key) ?? []), entry])
  }
  const scored = [...lines.values()].map((line) => {
    const words = [...tokens(line.map((entry) => entry.text).join(' '))]
    const found = words.filter((word) => said.has(word)).length
    return { line, found, share: words.length === 0 ? 0 : found / words.length }
  })
  const best = Math.max(0, ...scored.filter((s) => s.share >= LINE_SHARE).map((s) => s.found))
  const kept = scored
    .filter((s) => s.share >= LINE_SHARE && s.found > 0 && s.found >= best * BEST_SHARE)
    .flatMap((s) => s.line.map((entry) => entry.rect))
  return kept.length > 0 ? kept : matched.map((entry) => entry.rect)
}

/** One text item's box in the viewport's CSS pixels: from a little above its baseline to just below it. */
export function viewportBox(item: TextItemLike, viewportTransform: number[]): Rect {
  const scale = Math.hypot(viewportTransform[0] ?? 0, viewportTransform[1] ?? 0)
  const [, , c, d, x, baseline] = multiply(viewportTransform, item.transform ?? [])
  const height = Math.hypot(c, d)
  return { x, y: baseline - height, width: (item.width ?? 0) * scale, height: height * 1.15 }
}

/**
 * Shared measurements for the layout steps. Glyph boxes are estimated from the font size alone (ascent 0.8,
 * descent 0.2 of it): pdf.js reports no glyph bounds, and real ascents differ by a few percent at most.
 */

export interface Extent {
  x0: number
  x1: number
  baseline: number
  fontSize: number
}

export function top(box: Extent): number {
  return box.baseline - 0.8 * box.fontSize
}

export function bottom(box: Extent): number {
  return box.baseline + 0.2 * box.fontSize
}

/** True when two boxes sit on one line: their heights overlap by half of the smaller one (superscripts do). */
export function sameLine(a: Extent, b: Extent): boolean {
  const overlap = Math.min(bottom(a), bottom(b)) - Math.max(top(a), top(b))
  return overlap >= 0.5 * Math.min(a.fontSize, b.fontSize)
}

/** Horizontal distance between two boxes in either order; negative when they overlap. */
export function horizontalGap(a: Extent, b: Extent): number {
  return Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1)
}

/** The median font size, the scale every layout threshold is measured in. */
export function medianFontSize(boxes: readonly Extent[]): number {
  const sizes = boxes.map((box) => box.fontSize).sort((a, b) => a - b)
  return sizes[sizes.length >> 1] ?? 10
}

/** The size carrying the most characters: a heading's size despite a smaller footnote mark in it. */
export function dominantSize(parts: ReadonlyArray<{ fontSize: number; chars: number }>): number {
  const weights = new Map<number, number>()
  let best = 0
  let bestWeight = -1
  for (const { fontSize, chars } of parts) {
    const key = Math.round(fontSize * 2) / 2
    const weight = (weights.get(key) ?? 0) + chars
    weights.set(key, weight)
    if (weight > bestWeight) {
      best = key
      bestWeight = weight
    }
  }
  return best
}

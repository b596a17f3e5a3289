import type { PdfJsMarkedContent, PdfJsTextItem } from './PdfJs'

/**
 * One text item placed in a reading frame: x grows along the text direction, `baseline` grows down the
 * page, so every frame can be laid out like an upright page.
 */
export interface TextBox {
  text: string
  /** Left and right ends of the item's advance; for right-to-left items too (x0 < x1 always). */
  x0: number
  x1: number
  baseline: number
  fontSize: number
  /** pdf.js marked the run right-to-left; its `text` is already in logical order. */
  rtl: boolean
  /** A whitespace-only item followed this one in the stream (such items are dropped: they would bridge gaps). */
  spaceAfter: boolean
}

/** Boxes sharing one orientation: 0 is upright text, 90/180/270 text turned by that many degrees. */
export interface TextFrame {
  angle: number
  boxes: TextBox[]
}

export interface PageTextBoxes {
  /** Upright frame first, then the turned ones; boxes keep the content stream's order. */
  frames: TextFrame[]
  /** Text at odd angles (diagonal watermarks, mirrored text) and vertical runs, in stream order, by line. */
  loose: string[]
}

const AXIS_TOLERANCE = (3 * Math.PI) / 180

/**
 * Moves each text item from text space into display space with the page viewport (which applies the page's
 * /Rotate and crop offsets), then into the frame of its own orientation. Items that are empty, malformed
 * (a hostile file can put NaN in a matrix) or zero-sized are dropped.
 */
export function toTextBoxes(
  items: ReadonlyArray<PdfJsTextItem | PdfJsMarkedContent>,
  viewport: readonly number[],
): PageTextBoxes {
  const frames = new Map<number, TextBox[]>()
  const loose: string[] = []
  let looseLine = ''
  let previous: TextBox | undefined
  for (const item of items) {
    if (!('str' in item) || typeof item.str !== 'string' || item.str === '') continue
    if (item.str.trim() === '') {
      if (previous) previous.spaceAfter = true
      if (looseLine) looseLine += ' '
      continue
    }
    const m = multiply(viewport, item.transform)
    if (!m) continue
    const [a, b, c, d, e, f] = m
    const fontSize = Math.hypot(c, d)
    const width = Number.isFinite(item.width) ? Math.abs(item.width) : 0
    const angle = Math.atan2(b, a)
    const quarter = Math.round(angle / (Math.PI / 2))
    // Display space is y-down, so upright glyphs have a negative determinant; a positive one is mirrored.
    const upright = a * d - b * c < 0
    // Vertical (top-to-bottom) CJK runs go in stream order too: that is their reading order, while the
    // layout steps assume lines that run along x.
    const axisAligned = Math.abs(angle - quarter * (Math.PI / 2)) <= AXIS_TOLERANCE
    if (!(fontSize > 0) || !upright || !axisAligned || item.dir === 'ttb') {
      looseLine += item.str
      previous = undefined
      if (item.hasEOL) {
        if (looseLine.trim()) loose.push(looseLine)
        looseLine = ''
      }
      continue
    }
    const turn = (((quarter % 4) + 4) % 4) * 90
    // Rotate the origin back by the item's angle so its text runs along +x.
    const cos = Math.cos(-turn * (Math.PI / 180))
    const sin = Math.sin(-turn * (Math.PI / 180))
    const x = e * cos - f * sin
    const y = e * sin + f * cos
    const rtl = item.dir === 'rtl'
    const box: TextBox = {
      text: item.str,
      x0: x,
      x1: x + width,
      baseline: y,
      fontSize,
      rtl,
      spaceAfter: false,
    }
    previous = box
    const frame = frames.get(turn)
    if (frame) frame.push(box)
    else frames.set(turn, [box])
  }
  if (looseLine.trim()) loose.push(looseLine)
  return {
    frames: [...frames.entries()].sort(([x], [y]) => x - y).map(([angle, boxes]) => ({ angle, boxes })),
    loose,
  }
}

type Matrix = [number, number, number, number, number, number]

function multiply(m1: readonly number[], m2: readonly unknown[]): Matrix | undefined {
  if (m1.length < 6 || !Array.isArray(m2) || m2.length < 6) return undefined
  const [a1 = 0, b1 = 0, c1 = 0, d1 = 0, e1 = 0, f1 = 0] = m1
  const [a2, b2, c2, d2, e2, f2] = m2.map(Number) as Matrix
  const m: Matrix = [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ]
  return m.every(Number.isFinite) ? m : undefined
}

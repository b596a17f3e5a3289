import { writePdf } from './writePdf'

/** A grey scan, one byte per pixel (0 black .. 255 white), rows top first, at 300 dpi. */
export interface GreyScan {
  width: number
  height: number
  data: Uint8Array
}

/** PDF points per pixel of a 300 dpi scan. */
const POINT = 72 / 300

/**
 * The same scanned text as PDF pages that OCR of a page's largest image cannot read, each as a person's
 * PDF viewer shows it upright and whole; every one has no text layer, or a garbage one:
 * - `rotated`: the scan stored sideways and the page turned back by `/Rotate 90` (a scanner's
 *   landscape feed);
 * - `mask`: the scan as a 1-bit image mask painted in black (`/ImageMask true`, as fax-style scans are);
 * - `outlines`: the scan's dark pixels as filled rectangles, vector paths with no image beneath, under
 *   an invisible text layer of symbol soup (a bad OCR layer);
 * - `strips`: the scan cut into three horizontal strips, each its own image;
 * - `softMask`: the scan drawn through a luminosity soft mask that keeps all of it (pdf.js draws such a
 *   mask with a filter from its FilterFactory, which in a browser builds SVG in a DOM document).
 */
export function scannedPdfs(
  scan: GreyScan,
): Record<'rotated' | 'mask' | 'outlines' | 'strips' | 'softMask', Uint8Array> {
  const { width, height } = scan
  const w = width * POINT
  const h = height * POINT
  const place = (name: string, x: number, y: number, pw: number, ph: number) =>
    `q ${pw} 0 0 ${ph} ${x} ${y} cm /${name} Do Q\n`
  const sideways = turnCounterclockwise(scan)
  const thirds = [0, Math.round(height / 3), Math.round((2 * height) / 3), height]
  const strips = thirds.slice(1).map((end, index) => {
    const start = thirds[index]!
    return { start, end, data: scan.data.subarray(start * width, end * width) }
  })
  return {
    rotated: writePdf([
      {
        width: h,
        height: w,
        rotate: 90,
        content: place('Im0', 0, 0, h, w),
        images: { Im0: { width: height, height: width, data: sideways } },
      },
    ]),
    mask: writePdf([
      {
        width: w,
        height: h,
        content: `0 g\n${place('Im0', 0, 0, w, h)}`,
        images: { Im0: { width, height, data: toMask(scan), mask: true } },
      },
    ]),
    outlines: writePdf([
      {
        width: w,
        height: h,
        content:
          `BT 3 Tr /F1 10 Tf 20 20 Td (${'#%& *+=<> ~^| '.repeat(8)}) Tj ET\n` +
          `q ${POINT} 0 0 ${POINT} 0 0 cm 0 g\n${darkRuns(scan)}f\nQ\n`,
      },
    ]),
    softMask: writePdf([
      {
        width: w,
        height: h,
        softMask: `1 g 0 0 ${w} ${h} re f`,
        content: `/GS0 gs\n${place('Im0', 0, 0, w, h)}`,
        images: { Im0: { width, height, data: scan.data } },
      },
    ]),
    strips: writePdf([
      {
        width: w,
        height: h,
        content: strips
          .map(({ start, end }, index) =>
            place(`Im${index}`, 0, (height - end) * POINT, w, (end - start) * POINT),
          )
          .join(''),
        images: Object.fromEntries(
          strips.map(({ start, end, data }, index) => [
            `Im${index}`,
            { width, height: end - start, data: data.slice() },
          ]),
        ),
      },
    ]),
  }
}

/** The scan turned 90 degrees counterclockwise: `/Rotate 90` (clockwise) shows it upright again. */
function turnCounterclockwise({ width, height, data }: GreyScan): Uint8Array {
  const out = new Uint8Array(width * height)
  // Row y' of the turned image is column (width - 1 - y') of the scan, read top to bottom.
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < height; x++) out[y * height + x] = data[x * width + (width - 1 - y)]!
  }
  return out
}

/** 1 bit a pixel, rows padded to bytes; 0 (painted) where the scan is dark. */
function toMask({ width, height, data }: GreyScan): Uint8Array {
  const stride = (width + 7) >> 3
  const out = new Uint8Array(stride * height).fill(0xff)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! < 128) out[y * stride + (x >> 3)]! &= ~(0x80 >> (x & 7))
    }
  }
  return out
}

/** Each row's runs of dark pixels as `re` rectangles, in pixel units (PDF's y grows upwards). */
function darkRuns({ width, height, data }: GreyScan): string {
  const parts: string[] = []
  for (let y = 0; y < height; y++) {
    let x = 0
    while (x < width) {
      if (data[y * width + x]! >= 128) {
        x++
        continue
      }
      const start = x
      while (x < width && data[y * width + x]! < 128) x++
      parts.push(`${start} ${height - 1 - y} ${x - start} 1 re\n`)
    }
  }
  return parts.join('')
}

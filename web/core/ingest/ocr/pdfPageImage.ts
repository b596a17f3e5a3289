import type { PdfJsImage, PdfJsLike, PdfJsPage } from '../parse/pdf/PdfJs'
import { encodePng, type RawImage } from './encodePng'

/** Images smaller than this (in pixels) are logos and rules, not a scanned page. */
const MIN_PIXELS = 200 * 200

/**
 * The page's largest image, as a PNG for OCR, or undefined when it has none worth reading. A scan is one
 * image per page (JPEG, JBIG2 or CCITT, which pdf.js decodes to pixels), so reading that image gives
 * OCR the page at the scanner's own resolution, and it works the same on both hosts with no canvas: pdf.js
 * in Node renders only with a native canvas package, and in the browser worker only through
 * OffscreenCanvas. What this misses: text drawn as vector outlines, and a text layer that is garbage
 * over vector glyphs with no image beneath (the page keeps its text layer then).
 */
export async function pdfPageImage(pdfjs: PdfJsLike, page: PdfJsPage): Promise<Uint8Array | undefined> {
  const ops = pdfjs.OPS
  if (!ops || !page.getOperatorList || !page.objs) return undefined
  const list = await page.getOperatorList()
  let best: RawImage | undefined
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i]
    if (fn !== ops.paintImageXObject && fn !== ops.paintInlineImageXObject) continue
    const arg = list.argsArray[i]?.[0]
    const image = typeof arg === 'string' ? await objectOf(page, arg) : (arg as PdfJsImage | undefined)
    const raw = image && toRawImage(image)
    if (
      raw &&
      raw.width * raw.height >= MIN_PIXELS &&
      (!best || raw.width * raw.height > best.width * best.height)
    )
      best = raw
  }
  return best && encodePng(best)
}

function objectOf(page: PdfJsPage, id: string): Promise<PdfJsImage | undefined> {
  // Images shared between pages live in commonObjs (ids starting with `g_`).
  const store = id.startsWith('g_') ? page.commonObjs : page.objs
  return new Promise((resolve) => {
    if (!store) resolve(undefined)
    else store.get(id, (value: unknown) => resolve(value as PdfJsImage | undefined))
  })
}

/**
 * pdf.js's decoded image kinds: 1 = 1 bit grey (rows padded to bytes), 2 = RGB, 3 = RGBA. A browser's
 * pdf.js may still hand over an ImageBitmap (`bitmap`); it is read back through an OffscreenCanvas.
 */
function toRawImage(image: PdfJsImage): RawImage | undefined {
  const { width, height, kind, data, bitmap } = image
  if (!width || !height) return undefined
  if (!data && bitmap && typeof OffscreenCanvas !== 'undefined') {
    // The image's own size: pdf.js sets it to the bitmap's (which may be a resized copy of the scan).
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (!context) return undefined
    context.drawImage(bitmap, 0, 0, width, height)
    const pixels = context.getImageData(0, 0, width, height)
    return { width, height, channels: 4, data: pixels.data }
  }
  if (!data || !width || !height) return undefined
  if (kind === 2) return { width, height, channels: 3, data }
  if (kind === 3) return { width, height, channels: 4, data }
  if (kind === 1) {
    const stride = (width + 7) >> 3
    const grey = new Uint8Array(width * height)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = (data[y * stride + (x >> 3)]! >> (7 - (x & 7))) & 1
        grey[y * width + x] = bit ? 255 : 0
      }
    }
    return { width, height, channels: 1, data: grey }
  }
  return undefined
}

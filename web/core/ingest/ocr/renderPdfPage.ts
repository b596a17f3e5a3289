import type { PdfJsCanvasFactory, PdfJsDocument, PdfJsPage } from '../parse/pdf/PdfJs'
import { encodePng } from './encodePng'

/** Tesseract reads body text best at about 300 dpi; more costs time and memory and reads no better. */
const TARGET_DPI = 300
/**
 * The most pixels a page is drawn with: 12 million keeps letter, A4 (8.7 Mpx) and legal (10 Mpx) pages
 * at the full 300 dpi, while an A0 poster (140 Mpx at 300 dpi, 560 MB of RGBA) is drawn at a lower
 * resolution instead of exhausting the ingest worker. At the cap the canvas holds 48 MB of RGBA; it is
 * read back in bands (`BAND_ROWS`) into a grey copy (12 MB) and freed before the PNG is made and OCR
 * starts.
 */
export const MAX_RENDER_PIXELS = 12_000_000
/** Canvases past 16384 pixels a side fail in some browsers (and pdf.js's own limit is near there). */
const MAX_SIDE = 16_384
/** Rows read back from the canvas at a time: at most 16384 x 256 x 4 bytes = 16 MB more at once. */
const BAND_ROWS = 256
/** A pixel lighter than this counts as paper: a page with no darker pixel is blank, and skips OCR. */
const PAPER = 250

/**
 * The page as pdf.js draws it, in grey, as a PNG for OCR, or undefined when the drawn page is blank.
 * Drawing the page rather than picking out its image reads what a person sees: the page's `/Rotate`
 * (the viewport applies it), 1-bit image masks, scans cut into strips or placed with a transform, and
 * text drawn as vector outlines or in a font whose text layer is garbage (the glyph shapes are right
 * where the font's Unicode mapping is not). Invisible text (render mode 3, a scanner's OCR layer) is
 * not drawn, so a garbage OCR layer over a scan does not get in the way.
 *
 * The canvas comes from the document's canvas factory (`CanvasFactory` in `getDocument`'s options: the
 * host's, OffscreenCanvas in the browser's worker, @napi-rs/canvas in Node), is freed before this
 * returns, and the drawing is cancelled if `signal` aborts.
 */
export async function renderPdfPage(
  pdf: PdfJsDocument,
  page: PdfJsPage,
  signal?: AbortSignal,
): Promise<Uint8Array | undefined> {
  const factory = pdf.canvasFactory
  if (!page.render || !isCanvasFactory(factory)) throw new Error('this PDF reader cannot draw pages')
  const viewport = page.getViewport({ scale: renderScale(page), rotation: page.rotate })
  const width = Math.max(1, Math.floor(viewport.width))
  const height = Math.max(1, Math.floor(viewport.height))
  const entry = factory.create(width, height)
  try {
    const task = page.render({ canvas: entry.canvas, canvasContext: entry.context, viewport })
    const cancel = () => task.cancel()
    signal?.addEventListener('abort', cancel, { once: true })
    try {
      await task.promise
    } finally {
      signal?.removeEventListener('abort', cancel)
    }
    const context = entry.context
    if (!context) throw new Error('the canvas has no 2D context')
    const grey = new Uint8Array(width * height)
    for (let top = 0; top < height; top += BAND_ROWS) {
      const rows = Math.min(BAND_ROWS, height - top)
      toGrey(context.getImageData(0, top, width, rows).data, grey, top * width)
    }
    factory.destroy(entry)
    return isBlank(grey) ? undefined : encodePng({ width, height, channels: 1, data: grey })
  } finally {
    if (entry.canvas) factory.destroy(entry)
  }
}

/**
 * Below this a drawn page is too coarse for OCR to read body text (Tesseract wants 200-300 dpi, and
 * 10 pt text at 50 dpi is 7 pixels high). The pixel cap reaches it only on pages larger than about
 * 3 m² (a 2A0 poster is still drawn at 62 dpi); such a page is not drawn at all.
 */
export const MIN_OCR_DPI = 50

/**
 * Why `page` is not drawn for OCR, or undefined when it is: the pixel cap would draw it below
 * MIN_OCR_DPI. `what` names it ("Page 3"). The reason names the page's size and the limit.
 */
export function tooLargeToDraw(page: PdfJsPage, what: string): string | undefined {
  const dpi = renderScale(page) * 72
  if (dpi >= MIN_OCR_DPI) return undefined
  const { width, height } = page.getViewport({ scale: 1, rotation: page.rotate })
  const cm = (points: number) => Math.round((points / 72) * 2.54)
  return (
    `${what} is ${Math.round(width)} x ${Math.round(height)} points (${cm(width)} x ${cm(height)} cm): ` +
    `drawn within the ${MAX_RENDER_PIXELS / 1_000_000} million pixels a page is drawn with, it would be ` +
    `${Math.round(dpi)} dpi, below the ${MIN_OCR_DPI} dpi OCR needs to read text`
  )
}

/** 300 dpi (PDF units are 1/72 inch at scale 1), less where the page would pass the pixel or side cap. */
export function renderScale(page: PdfJsPage): number {
  const { width, height } = page.getViewport({ scale: 1, rotation: page.rotate })
  const scale = TARGET_DPI / 72
  const byPixels = Math.sqrt(MAX_RENDER_PIXELS / Math.max(1, width * height))
  const bySide = MAX_SIDE / Math.max(1, width, height)
  return Math.min(scale, byPixels, bySide)
}

/**
 * RGBA to one grey byte per pixel (ITU-R 601 weights), written into `grey` from `offset`: a quarter of
 * the bytes to encode and to hand over, and Tesseract reads grey anyway. pdf.js paints an opaque white
 * page first, so alpha is always 255.
 */
function toGrey(rgba: Uint8ClampedArray, grey: Uint8Array, offset: number): void {
  for (let i = offset, p = 0; p < rgba.length; i++, p += 4) {
    grey[i] = (rgba[p]! * 77 + rgba[p + 1]! * 150 + rgba[p + 2]! * 29) >> 8
  }
}

function isBlank(grey: Uint8Array): boolean {
  for (const value of grey) if (value < PAPER) return false
  return true
}

function isCanvasFactory(value: unknown): value is PdfJsCanvasFactory {
  const factory = value as Partial<PdfJsCanvasFactory> | null | undefined
  return typeof factory?.create === 'function' && typeof factory.destroy === 'function'
}

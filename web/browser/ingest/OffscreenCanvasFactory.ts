import type {
  PdfJsCanvasAndContext,
  PdfJsCanvasFactory,
  PdfJsDrawing,
} from '../../core/ingest/parse/pdf/PdfJs'
import { WorkerFilterFactory } from './WorkerFilterFactory'

/**
 * pdf.js's canvas factory for a Web Worker: pdf.js's browser default (DOMCanvasFactory) makes canvases
 * with `document.createElement`, and the ingest worker has no DOM, so every canvas pdf.js draws a page
 * with (the page's and its scratch ones for masks, patterns and groups) is an OffscreenCanvas here.
 * `willReadFrequently` keeps the canvas in memory (software Skia) rather than on the GPU: the OCR
 * renderer reads every pixel back, and it makes the drawing closer to the server's @napi-rs/canvas
 * (also Skia). `destroy` shrinks the canvas to nothing so its pixels are freed at once.
 */
export class OffscreenCanvasFactory implements PdfJsCanvasFactory {
  create(width: number, height: number): PdfJsCanvasAndContext {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size')
    const canvas = new OffscreenCanvas(width, height)
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) }
  }

  reset(entry: PdfJsCanvasAndContext, width: number, height: number): void {
    const canvas = entry.canvas as OffscreenCanvas | null
    if (!canvas) throw new Error('Canvas is not specified')
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size')
    canvas.width = width
    canvas.height = height
  }

  destroy(entry: PdfJsCanvasAndContext): void {
    const canvas = entry.canvas as OffscreenCanvas | null
    if (!canvas) throw new Error('Canvas is not specified')
    canvas.width = canvas.height = 0
    entry.canvas = null
    entry.context = null
  }
}

/** The ingest worker's factories for pdf.js, where OffscreenCanvas exists (else OCR reads page images). */
export async function loadBrowserCanvas(): Promise<PdfJsDrawing> {
  if (typeof OffscreenCanvas === 'undefined') throw new Error('this browser has no OffscreenCanvas')
  return { CanvasFactory: OffscreenCanvasFactory, FilterFactory: WorkerFilterFactory }
}

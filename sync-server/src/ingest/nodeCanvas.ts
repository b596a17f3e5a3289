import { createRequire } from 'node:module'
import type { PdfJsDrawing } from '../../../web/core/ingest/parse/pdf/PdfJs'

const require = createRequire(import.meta.url)

/**
 * Whether pdf.js can draw pages for OCR here. pdf.js's legacy build draws in Node with its own
 * NodeCanvasFactory over @napi-rs/canvas (a native Skia binding, one prebuilt binary per platform),
 * which it loads, with the DOMMatrix, Path2D and ImageData it needs, when it is imported (its Node
 * filter factory draws transfer functions and soft masks without filters); so the supported path is
 * pdf.js's default factories (this resolves to none), once the binding is known to load. Where it does not (a platform without a prebuilt binary), this rejects with the loader's
 * reason and the parser reads each page's largest image instead.
 */
export async function loadNodeCanvas(): Promise<PdfJsDrawing> {
  try {
    require('@napi-rs/canvas')
  } catch (error) {
    throw new Error(`@napi-rs/canvas did not load: ${error instanceof Error ? error.message : String(error)}`)
  }
  return {}
}

import type { PdfJsLike } from '../../../web/core/ingest/parse/pdf/PdfJs'

let cached: Promise<PdfJsLike> | undefined

/**
 * pdf.js for Node: the legacy build (the modern one assumes browser APIs Node 20 lacks). In Node pdf.js
 * disables real workers and runs its worker code on the calling thread (a "fake worker" it imports from
 * `./pdf.worker.mjs` beside `pdf.mjs`), so a hostile file that loops inside pdf.js blocks that thread:
 * run parses in a worker thread that a job runner can terminate. Text extraction needs no standard font
 * data or canvas, so neither is configured. Loaded once; a failed import is retried on the next call.
 */
export function loadNodePdfJs(): Promise<PdfJsLike> {
  cached ??= import('pdfjs-dist/legacy/build/pdf.mjs').then(
    (pdfjs): PdfJsLike => pdfjs,
    (error: unknown) => {
      cached = undefined
      throw error
    },
  )
  return cached
}

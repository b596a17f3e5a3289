import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import type { PdfJsLike } from '../../core/ingest/parse/pdf/PdfJs'

let cached: Promise<PdfJsLike> | undefined

/**
 * pdf.js for browsers, loaded on first use so the app shell does not carry it. pdf.js parses in its own
 * module worker; Vite's `?url` import emits the worker file with the build (so it can be precached and work
 * offline) and gives its URL, a plain string that costs nothing until used. Called from inside a Web Worker
 * this starts a nested worker, which current Chromium, Firefox and Safari support. A failed load is retried
 * on the next call.
 */
export function loadBrowserPdfJs(): Promise<PdfJsLike> {
  cached ??= import('pdfjs-dist').then(
    (pdfjs): PdfJsLike => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl
      return pdfjs
    },
    (error: unknown) => {
      cached = undefined
      throw error
    },
  )
  return cached
}

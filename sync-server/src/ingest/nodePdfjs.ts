import type { PdfJsLike } from '../../../web/core/ingest/parse/pdf/PdfJs'

let cached: Promise<PdfJsLike> | undefined

/**
 * The built-ins whose methods the legacy build's polyfills (core-js) replace in Node 20 although Node has
 * them: `Array.prototype.push` (for arrays longer than 2^32 - 1) and `JSON.parse`/`JSON.stringify` (for
 * proposals pdf.js does not use). The replacements are plain JavaScript and pdf.js calls `push` for
 * every glyph: on the corpus's 549-page filing they cost a quarter of pdf.js's CPU time in reading its
 * text (long-pdf benchmark; bench/README.md).
 */
const KEPT_NATIVE: readonly object[] = [Array.prototype, JSON]

/**
 * pdf.js for Node: the legacy build (the modern one assumes browser APIs Node 20 lacks). In Node pdf.js
 * disables real workers and runs its worker code on the calling thread (a "fake worker" it imports from
 * `./pdf.worker.mjs` beside `pdf.mjs`, imported here with it), so a hostile file that loops inside pdf.js blocks that thread:
 * run parses in a worker thread that a job runner can terminate. Text extraction needs no standard font
 * data or canvas, so neither is configured. Loaded once; a failed import is retried on the next call.
 * What the legacy build adds that Node lacks is kept; Node's own methods that it replaces are put back
 * (KEPT_NATIVE), in this thread only (the ingest worker's).
 */
export function loadNodePdfJs(): Promise<PdfJsLike> {
  const natives = KEPT_NATIVE.map(ownMethods)
  // The worker's half too (it sets `globalThis.pdfjsWorker`, where the fake worker finds it), so its own
  // polyfills are in place before Node's methods are put back, not after the first document opens.
  cached ??= Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
  ]).then(
    ([pdfjs]): PdfJsLike => {
      KEPT_NATIVE.forEach((target, index) => restoreMethods(target, natives[index]!))
      return pdfjs
    },
    (error: unknown) => {
      cached = undefined
      throw error
    },
  )
  return cached
}

function ownMethods(target: object): Map<PropertyKey, PropertyDescriptor> {
  const methods = new Map<PropertyKey, PropertyDescriptor>()
  for (const key of Reflect.ownKeys(target)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(target, key)
    if (typeof descriptor?.value === 'function') methods.set(key, descriptor)
  }
  return methods
}

function restoreMethods(target: object, natives: Map<PropertyKey, PropertyDescriptor>): void {
  for (const [key, descriptor] of natives) {
    if (Reflect.getOwnPropertyDescriptor(target, key)?.value !== descriptor.value)
      Reflect.defineProperty(target, key, descriptor)
  }
}

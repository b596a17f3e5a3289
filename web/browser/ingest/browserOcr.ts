import { createWorker } from 'tesseract.js'
import type { OcrEngine } from '../../core/ingest/ocr/OcrEngine'
import { cachedOcrEngines } from '../../core/ingest/ocr/cachedOcrEngines'
import type { OcrLanguage } from '../../core/ingest/ocr/ocrLanguages'
import { TESSERACT_WORKER_OPTIONS, tesseractEngine } from '../../core/ingest/ocr/tesseractEngine'
import { TESSERACT_ASSET_DIR } from './tesseractAssets'

/**
 * tesseract.js for the browser's ingest worker. Its worker script, WASM cores and language data are
 * files the app serves itself (vite.config.ts copies them from node_modules to TESSERACT_ASSET_DIR;
 * the service worker caches them on first use), so OCR never reaches a CDN and works offline once
 * used. tesseract.js starts its own classic worker from `workerPath` (nested in this one) and picks
 * the core build the browser supports (SIMD or not) from `corePath`. One engine per language set,
 * made on the first page that needs OCR and kept (`cachedOcrEngines`).
 */
export const loadBrowserOcr = cachedOcrEngines(makeEngine)

async function makeEngine(languages: readonly OcrLanguage[]): Promise<OcrEngine> {
  const base = new URL(`${import.meta.env.BASE_URL}${TESSERACT_ASSET_DIR}/`, self.location.origin)
  const worker = await createWorker([...languages], 1, {
    workerPath: new URL('worker.min.js', base).href,
    corePath: base.href,
    langPath: new URL('lang', base).href,
    workerBlobURL: false,
    ...TESSERACT_WORKER_OPTIONS,
  })
  // A Blob: tesseract.js types byte arrays as Node Buffers only; it reads Blobs in workers.
  return tesseractEngine(worker, (image) => new Blob([image as BlobPart]))
}

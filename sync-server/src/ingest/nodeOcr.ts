import { mkdtempSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createWorker } from 'tesseract.js'
import type { OcrEngine } from '../../../web/core/ingest/ocr/OcrEngine'
import { cachedOcrEngines } from '../../../web/core/ingest/ocr/cachedOcrEngines'
import type { OcrLanguage } from '../../../web/core/ingest/ocr/ocrLanguages'
import { TESSERACT_WORKER_OPTIONS, tesseractEngine } from '../../../web/core/ingest/ocr/tesseractEngine'

const require = createRequire(import.meta.url)

/**
 * Where a language's data lives in node_modules: `@tesseract.js-data/<code>/4.0.0_best_int`, the
 * integer-quantised "best" LSTM model (faster than `best` at almost the same accuracy).
 */
export function nodeLanguageFile(code: OcrLanguage): string {
  return join(
    dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)),
    '4.0.0_best_int',
    `${code}.traineddata.gz`,
  )
}

/**
 * tesseract.js reads `<langPath>/<code>.traineddata.gz` from disk when langPath is a local path, so
 * nothing is fetched. Each data package holds only its own language, so for one language its folder is
 * langPath; for several, a temporary folder of links to their files is (tesseract.js takes one
 * langPath, and its in-memory form of language data is broken in 7.0.0: it initialises with the data
 * as the language's name).
 */
function languagePath(languages: readonly OcrLanguage[]): string {
  if (languages.length === 1) return dirname(nodeLanguageFile(languages[0] ?? 'eng'))
  const folder = mkdtempSync(join(tmpdir(), 'quire-ocr-'))
  for (const code of languages) symlinkSync(nodeLanguageFile(code), join(folder, `${code}.traineddata.gz`))
  return folder
}

/**
 * tesseract.js for the server's ingest worker threads: one Tesseract worker per language set, made on
 * the first page that needs OCR and kept (`cachedOcrEngines`). tesseract.js runs Tesseract's WASM
 * build (from tesseract.js-core in node_modules) in a worker thread of its own. A recognition cannot
 * be interrupted: at the per-document time limit WorkerIngestor terminates the whole ingest thread,
 * Tesseract's with it.
 */
export const loadNodeOcr = cachedOcrEngines(makeEngine)

async function makeEngine(languages: readonly OcrLanguage[]): Promise<OcrEngine> {
  const worker = await createWorker([...languages], 1, {
    langPath: languagePath(languages),
    ...TESSERACT_WORKER_OPTIONS,
  })
  return tesseractEngine(worker, (image) => Buffer.from(image))
}

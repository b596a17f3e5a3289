import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { startServer } from '../sync-server/src/startServer'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { lineBenchmark } from './lib/lineBenchmark'
import { median } from './lib/median'
import { openAppInChromium, type AppInChromium } from './lib/openAppInChromium'
import { round } from './lib/round'
import { scanAsPdf } from './lib/scanAsPdf'
import { ensureBuiltApp } from './lib/ensureBuiltApp'
import { corpusFile } from './lib/corpusFile'

const NAME = 'ocr'
const RUNS = 3
/**
 * The corpus's 300 dpi scan of a letter-size page (2550 x 3300 px, about A4's 2480 x 3508), a PNG; the
 * bench also makes it a one-page PDF with no text layer (scanAsPdf), whose page is drawn for OCR.
 */
const SCAN = 'adversarial/ocrmypdf__linn_png_renamed.pdf'
/** The corpus's scanned book page (a PDF whose one page is a JPEG, text beside an engraving), for parity. */
const BOOK = 'pdf/ocrmypdf__c02-22.pdf'

export interface OcrTimeLine extends BenchLine {
  /** Seconds for one page, median over the runs (the engine already loaded). */
  median_s: number
  min_s: number
  max_s: number
  runs: number
  /** Seconds to start the engine and load English, once. */
  load_s?: number
  pixels: string
  host: string
}

/** What each host reads from the same scanned PDF page: the hosts should read the same words. */
export interface OcrWordsLine extends BenchLine {
  /** Distinct words of three letters or more in the page's text, on each host. */
  server_words: number
  chromium_words: number
  /** The page's OCR confidence (0..100) on each host. */
  server_confidence: number | null
  chromium_confidence: number | null
  /** Whether both hosts extracted the very same text. */
  same_text: boolean
}

export type OcrLine = OcrTimeLine | OcrWordsLine

/**
 * OCR seconds per page of a 300 dpi scan on each host, with the engines Quire runs. On the server, in a
 * worker thread as the ingest worker runs them: tesseract.js alone on the scan's PNG (through nodeOcr),
 * pdf.js drawing the scan's PDF page alone (renderPdfPage on @napi-rs/canvas), and the PDF parser
 * reading that page (drawing and OCR). In Chromium the whole in-browser ingestion of the scan's PDF
 * (the ingest Web Worker draws the page on an OffscreenCanvas and runs tesseract.js with the app's own
 * files; chunking and embedding a page's text take milliseconds). The first page after start is not
 * counted (it loads the engine): its time is reported as `load_s` on the server.
 * Needs `npm run build` first (the Chromium case opens `dist/` served by the sync server).
 */
export async function measureOcr(reporter: LineReporter<OcrLine>): Promise<OcrLine[]> {
  // The corpus beside the repository, not beside the working directory: `npm run bench` from anywhere.
  const scan = readFileSync(corpusFile(SCAN))
  const pdf = await scanAsPdf(scan)
  const line = (fields: Omit<OcrTimeLine, 'benchmark' | 'node' | 'date' | 'pixels'>): OcrTimeLine => ({
    benchmark: NAME,
    ...fields,
    pixels: '2550x3300 (300 dpi, letter size)',
    node: process.version,
    date: new Date().toISOString(),
  })
  const lines: OcrLine[] = []

  reporter.progress(`${NAME}: server worker thread, ${RUNS} pages of each case`)
  const server = await serverTimes(scan, pdf)
  const summary = (times: number[]) => ({
    median_s: round(median(times), 2),
    min_s: round(Math.min(...times), 2),
    max_s: round(Math.max(...times), 2),
    runs: times.length,
  })
  for (const serverLine of [
    line({
      case: 'server: tesseract.js alone in a worker thread, one 300 dpi page (PNG)',
      host: 'server',
      ...summary(server.ocr),
      load_s: round(server.load, 2),
    }),
    line({
      case: `server: pdf.js drawing one scanned PDF page at 300 dpi (${server.size}, @napi-rs/canvas) to a grey PNG, alone`,
      host: 'server',
      ...summary(server.render),
    }),
    line({
      case: 'server: the PDF parser reading one scanned PDF page (drawing + OCR) in a worker thread',
      host: 'server',
      ...summary(server.page),
    }),
  ]) {
    reporter.emit(serverLine)
    lines.push(serverLine)
  }

  reporter.progress(`${NAME}: Chromium ingest worker, ${RUNS} pages`)
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-ocr-'))
  const running = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: 'dist' }, {})
  try {
    const app = await openAppInChromium(`${running.url}/collections`)
    try {
      const times = await app.page.evaluate(
        async ({ base64, runs }) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
          const created = await fetch('/api/collections/', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'OCR bench', description: 'scans' }),
          })
          const collection = (await created.json()) as { id: string }
          const times: number[] = []
          for (let run = 0; run <= runs; run++) {
            const form = new FormData()
            form.append('collection_id', collection.id)
            form.append('file', new Blob([bytes], { type: 'application/pdf' }), `scan-${run}.pdf`)
            const started = performance.now()
            const document = (await (
              await fetch('/api/documents/', { method: 'POST', body: form })
            ).json()) as {
              id: string
            }
            for (;;) {
              await new Promise((resolve) => setTimeout(resolve, 100))
              const current = (await (await fetch(`/api/documents/${document.id}`)).json()) as {
                status: string
                metadata: { error?: string }
              }
              if (current.status === 'failed') throw new Error(`scan failed: ${current.metadata.error}`)
              if (current.status === 'completed') break
            }
            // The first run loads the engine and its language data.
            if (run > 0) times.push((performance.now() - started) / 1000)
          }
          return times
        },
        { base64: Buffer.from(pdf).toString('base64'), runs: RUNS },
      )
      const browserLine = line({
        case: 'Chromium: ingest Web Worker reading one scanned PDF page (OffscreenCanvas drawing + tesseract.js)',
        host: app.version,
        ...summary(times),
      })
      reporter.emit(browserLine)
      lines.push(browserLine)

      reporter.progress(`${NAME}: words read from ${BOOK} on each host`)
      const wordsLine = await wordsOnEachHost(readFileSync(corpusFile(BOOK)), app)
      reporter.emit(wordsLine)
      lines.push(wordsLine)
    } finally {
      await app.browser.close()
    }
  } finally {
    await running.close()
    await rm(dataDir, { recursive: true, force: true })
  }
  return lines
}

/**
 * The book page's text on each host: on the server through the ingestion pipeline the ingest worker runs
 * (`ingestFile` with the server's parsers, in a worker thread), in Chromium through the in-browser API's extraction endpoint
 * (the ingest Web Worker). Both read English.
 */
async function wordsOnEachHost(pdf: Buffer, app: AppInChromium): Promise<OcrWordsLine> {
  const server = await inWorker<{ text: string; confidence: number | null }>(WORDS_WORKER_URL, {
    pdf: new Uint8Array(pdf),
  })
  const chromium = await app.page.evaluate(async (base64) => {
    const form = new FormData()
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'book.pdf')
    const response = await fetch('/api/v1/documents/process', { method: 'POST', body: form })
    if (!response.ok) throw new Error(`extraction failed: ${response.status} ${await response.text()}`)
    return (await response.json()) as { extracted_text: string; metadata: { ocr_confidence?: number } }
  }, pdf.toString('base64'))
  const words = (text: string) => new Set(text.match(/\p{L}{3,}/gu)).size
  return {
    benchmark: NAME,
    case: 'words read from the scanned book page (800x981 JPEG in a PDF) on each host',
    server_words: words(server.text),
    chromium_words: words(chromium.extracted_text),
    server_confidence: server.confidence,
    chromium_confidence: chromium.metadata.ocr_confidence ?? null,
    same_text: server.text === chromium.extracted_text,
    node: process.version,
    date: new Date().toISOString(),
  }
}

const WORKER_URL = new URL('./lib/ocrBenchWorker.ts', import.meta.url).href
const WORDS_WORKER_URL = new URL('./lib/ocrWordsWorker.ts', import.meta.url).href

interface ServerTimes {
  load: number
  ocr: number[]
  render: number[]
  page: number[]
  /** The drawn page's pixels, `WxH`. */
  size: string
}

/** Runs the server's cases in a worker thread, as the ingest worker runs OCR, and times each page. */
function serverTimes(scan: Buffer, pdf: Uint8Array): Promise<ServerTimes> {
  return inWorker(WORKER_URL, { scan: new Uint8Array(scan), pdf, runs: RUNS })
}

/** Runs a bench worker script (TypeScript) in a worker thread and resolves with its one message. */
function inWorker<T>(url: string, data: unknown): Promise<T> {
  // Workers do not inherit tsx's loader (as in WorkerIngestor): register it, then import the entry.
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}) })`
  const worker = new Worker(bootstrap, { eval: true, workerData: data })
  return new Promise((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the OCR worker exited with ${code}`))
    })
  })
}

export const ocr = lineBenchmark(NAME, async (reporter) => {
  await ensureBuiltApp(reporter.progress)
  return measureOcr(reporter)
})

import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import type { Page } from '@playwright/test'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { corpusFile } from './lib/corpusFile'
import { ensureBuiltApp } from './lib/ensureBuiltApp'
import { lineBenchmark } from './lib/lineBenchmark'
import { openAppInChromium } from './lib/openAppInChromium'
import { round } from './lib/round'
import { startServerProcess } from './lib/startServerProcess'

const NAME = 'long-pdf'
/** The corpus's longest PDF: PepsiCo's 2021 annual report, 549 pages with a text layer. */
const DEFAULT_PDF = 'qa/financebench-dev/pdfs/PEPSICO_2021_10K.pdf'
/** The aim: searchable from its text layer within this many times pdftotext's time on the same file. */
export const TARGET_RATIO = 10
const POLL_MS = 100
/** Longest wait for one document, however it ends. */
const DEADLINE_MS = 30 * 60_000

export interface LongPdfLine extends BenchLine {
  /** `server` (the sync server's ingest worker) or `chromium` (the in-browser API's ingest Web Worker). */
  host: string
  file: string
  pages: number | null
  /** Pages read by OCR (no usable text layer), after the rest was searchable. */
  ocr_pages: number
  /** From the upload's answer to the document's first `completed` (searchable from its text layer). */
  searchable_s: number | null
  /** To `completed` with no `progress` left (every scanned page read too). */
  complete_s: number | null
  /** Pages per second up to searchable. */
  pages_per_s: number | null
  /** `pdftotext` on the same file in the same run (wall clock), or null where it is not installed. */
  pdftotext_s: number | null
  /** searchable_s / pdftotext_s. */
  ratio_to_pdftotext: number | null
  target_ratio: number
  status: string
  error: string | null
  /** Under the default settings (INGEST_TIMEOUT_S 120): the time limit is the default one. */
  ingest_timeout_s: number
}

interface DocumentState {
  status: string
  progress: { stage: string } | null
  metadata: { pages?: number; ocr_pages?: number[]; error?: string; ocr_error?: string }
}

interface Timed {
  searchableMs: number | null
  completeMs: number | null
  last: DocumentState
}

/**
 * Pages per second of one long real PDF on each host, beside `pdftotext`'s time on the same file in the
 * same run: the server (a real server process, `startServerProcess`, default settings) and Chromium (the
 * app served by that server, its in-browser API processing the upload in its ingest Web Worker). Each
 * times the upload's answer to the document's first `completed` (searchable from its text layer; scanned
 * pages are read after) and to its end (no `progress` left). LONG_PDF names another file (a path);
 * default the corpus's longest PDF. Needs the built app for the Chromium case (built when stale).
 */
export async function measureLongPdf(reporter: LineReporter<LongPdfLine>): Promise<LongPdfLine[]> {
  const path = process.env.LONG_PDF ? resolve(process.env.LONG_PDF) : corpusFile(DEFAULT_PDF)
  const bytes = readFileSync(path)
  const pdftotext = timePdftotext(path)
  if (pdftotext === null) reporter.progress(`${NAME}: pdftotext is not installed; its time is left out`)
  else reporter.progress(`${NAME}: pdftotext read ${basename(path)} in ${round(pdftotext, 2)} s`)
  const lines: LongPdfLine[] = []
  const emit = (host: string, timed: Timed) => {
    const pages = timed.last.metadata.pages ?? null
    const searchableS = timed.searchableMs === null ? null : timed.searchableMs / 1000
    const line: LongPdfLine = {
      benchmark: NAME,
      case: `${basename(path)} ${host}`,
      host,
      file: basename(path),
      pages,
      ocr_pages: timed.last.metadata.ocr_pages?.length ?? 0,
      searchable_s: searchableS === null ? null : round(searchableS, 2),
      complete_s: timed.completeMs === null ? null : round(timed.completeMs / 1000, 2),
      pages_per_s: pages && searchableS ? round(pages / searchableS, 1) : null,
      pdftotext_s: pdftotext === null ? null : round(pdftotext, 2),
      ratio_to_pdftotext: pdftotext && searchableS ? round(searchableS / pdftotext, 1) : null,
      target_ratio: TARGET_RATIO,
      status: timed.last.status,
      error: timed.last.metadata.error ?? timed.last.metadata.ocr_error ?? null,
      ingest_timeout_s: 120,
      node: process.version,
      date: new Date().toISOString(),
    }
    lines.push(line)
    reporter.emit(line)
  }

  await ensureBuiltApp(reporter.progress)
  const server = await startServerProcess({ STATIC_DIR: resolve('dist') }, reporter.progress)
  try {
    reporter.progress(`${NAME}: ${basename(path)} on the server`)
    emit('server', await timeOnServer(server.url, bytes, basename(path)))
    reporter.progress(`${NAME}: ${basename(path)} in Chromium`)
    const app = await openAppInChromium(`${server.url}/collections`)
    try {
      emit(app.version, await timeInPage(app.page, bytes, basename(path)))
    } finally {
      await app.browser.close()
    }
  } finally {
    await server.stop()
  }
  return lines
}

/** Seconds `pdftotext` takes to read the file's text layer, or null where it is not installed. */
function timePdftotext(path: string): number | null {
  const started = performance.now()
  const run = spawnSync('pdftotext', [path, '-'], { stdio: ['ignore', 'ignore', 'ignore'] })
  if (run.error) return null
  return (performance.now() - started) / 1000
}

async function timeOnServer(url: string, bytes: Buffer, filename: string): Promise<Timed> {
  const created = await fetch(`${url}/api/collections/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Long PDF', description: 'bench' }),
  })
  const collectionId = ((await created.json()) as { id: string }).id
  const form = new FormData()
  form.append('collection_id', collectionId)
  form.append('file', new Blob([new Uint8Array(bytes)]), filename)
  const uploaded = await fetch(`${url}/api/documents/`, { method: 'POST', body: form })
  if (uploaded.status !== 201) throw new Error(`The upload answered ${uploaded.status}`)
  const { id } = (await uploaded.json()) as { id: string }
  return follow(async () => (await (await fetch(`${url}/api/documents/${id}`)).json()) as DocumentState)
}

async function timeInPage(page: Page, bytes: Buffer, filename: string): Promise<Timed> {
  const id = await page.evaluate(
    async ({ base64, filename }) => {
      const created = await fetch('/api/collections/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Long PDF', description: 'bench' }),
      })
      const collectionId = ((await created.json()) as { id: string }).id
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
      const form = new FormData()
      form.append('collection_id', collectionId)
      form.append('file', new Blob([data]), filename)
      const uploaded = await fetch('/api/documents/', { method: 'POST', body: form })
      if (uploaded.status !== 201) throw new Error(`The upload answered ${uploaded.status}`)
      return ((await uploaded.json()) as { id: string }).id
    },
    { base64: bytes.toString('base64'), filename },
  )
  return follow(() =>
    page.evaluate(async (id) => (await (await fetch(`/api/documents/${id}`)).json()) as DocumentState, id),
  )
}

/** Polls a document from its upload's answer until it is complete or failed. */
async function follow(read: () => Promise<DocumentState>): Promise<Timed> {
  const started = performance.now()
  let searchableMs: number | null = null
  for (;;) {
    const last = await read()
    const at = performance.now() - started
    if (last.status === 'completed') searchableMs ??= at
    if ((last.status === 'completed' && !last.progress) || last.status === 'failed') {
      return { searchableMs, completeMs: last.status === 'completed' ? at : null, last }
    }
    if (at > DEADLINE_MS) return { searchableMs, completeMs: null, last }
    await new Promise((done) => setTimeout(done, POLL_MS))
  }
}

export const longPdf = lineBenchmark(NAME, measureLongPdf)

/**
 * bench/ocr.ts's server cases: in a worker thread, as the ingest worker runs OCR, times on the same page
 * `runs + 1` times each (the first run of the engine, which starts Tesseract and loads English, is
 * reported apart as `load`):
 * - `ocr`: the server's engine (sync-server/src/ingest/nodeOcr.ts) alone, on the scan as a PNG;
 * - `render`: pdf.js drawing the scan's PDF page at 300 dpi on @napi-rs/canvas, to the grey PNG handed
 *   to OCR (renderPdfPage), alone;
 * - `page`: the server's PDF parser on that PDF, drawing and OCR together, as an upload is read.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { nodeParsers } from '../../sync-server/src/ingest/nodeParsers'
import { loadNodeOcr } from '../../sync-server/src/ingest/nodeOcr'
import { loadNodePdfJs } from '../../sync-server/src/ingest/nodePdfjs'
import type { DocumentParser } from '../../web/core/ingest/DocumentModel'
import { renderPdfPage } from '../../web/core/ingest/ocr/renderPdfPage'
import { PDF_OPEN_OPTIONS } from '../../web/core/ingest/parse/pdf/createPdfParser'

const { scan, pdf, runs } = workerData as { scan: Uint8Array; pdf: Uint8Array; runs: number }
const read = (text: string) => {
  if (!/LinnSequencer/.test(text)) throw new Error(`the scan was not read: ${text.slice(0, 200)}`)
}
const timed = async (run: () => Promise<void>): Promise<number[]> => {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await run()
    times.push((performance.now() - started) / 1000)
  }
  return times
}

const started = performance.now()
read((await (await loadNodeOcr()).recognize(scan)).text)
const load = (performance.now() - started) / 1000
const ocr = await timed(async () => read((await (await loadNodeOcr()).recognize(scan)).text))

const pdfjs = await loadNodePdfJs()
const task = pdfjs.getDocument({ ...PDF_OPEN_OPTIONS, data: pdf.slice() })
const document = await task.promise
let size = ''
const render = await timed(async () => {
  const page = await document.getPage(1)
  const png = await renderPdfPage(document, page)
  if (!png) throw new Error('the page drew blank')
  const view = new DataView(png.buffer, png.byteOffset)
  size = `${view.getUint32(16)}x${view.getUint32(20)}`
  page.cleanup()
})
// Closed before the parser's runs, so they do not share the thread with a document left open.
await task.destroy()

const parser = nodeParsers.find((candidate) => candidate.kinds.includes('pdf')) as DocumentParser
const page = await timed(async () => {
  const parsed = await parser.parse(pdf, {})
  read(parsed.blocks.map((block) => block.text).join('\n'))
})
parentPort?.postMessage({ load, ocr, render, page, size })
process.exit(0)

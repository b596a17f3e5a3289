/**
 * bench/ocr.ts's server case: in a worker thread, as the ingest worker runs OCR, times the server's
 * engine (sync-server/src/ingest/nodeOcr.ts) on the same page `runs + 1` times; the first run, which
 * starts Tesseract and loads English, is reported apart as `load`.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { loadNodeOcr } from '../../sync-server/src/ingest/nodeOcr'

const { scan, runs } = workerData as { scan: Uint8Array; runs: number }
const times: number[] = []
let load = 0
for (let run = 0; run <= runs; run++) {
  const started = performance.now()
  const engine = await loadNodeOcr()
  const result = await engine.recognize(scan)
  if (!/LinnSequencer/.test(result.text))
    throw new Error(`the scan was not read: ${result.text.slice(0, 200)}`)
  const seconds = (performance.now() - started) / 1000
  if (run === 0) load = seconds
  else times.push(seconds)
}
parentPort?.postMessage({ load, times })
process.exit(0)

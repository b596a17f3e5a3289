// Loaded into a server process the bench starts (`--import`): how long the server's main event loop
// was held up, so that a slow /api/health answer can be told apart from a busy machine. On SIGUSR2
// it writes the delays since the last signal (max, p99, in ms) as JSON to the file named by
// QUIRE_BENCH_LOOP_DELAY_FILE, then starts counting afresh. The ingest worker's own loop is not this one.
//
// Plain JavaScript, and idle outside the main thread: every worker thread the server starts without
// execArgv of its own inherits this `--import`, tesseract.js's OCR thread among them, and a worker
// thread in Node 20 has no tsx to load a .ts file with. As a .ts file it failed that thread's start,
// so every image the bench uploaded for OCR ended "Processing failed unexpectedly" (issue 39).
import { writeFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { isMainThread } from 'node:worker_threads'

const file = process.env.QUIRE_BENCH_LOOP_DELAY_FILE
if (file && isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  process.on('SIGUSR2', () => {
    const ms = (nanoseconds) => Math.round(nanoseconds / 1e4) / 100
    const stats = { max_ms: ms(histogram.max), p99_ms: ms(histogram.percentile(99)), at: Date.now() }
    writeFileSync(file, JSON.stringify(stats))
    histogram.reset()
  })
}

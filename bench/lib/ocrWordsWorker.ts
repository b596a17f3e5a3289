/**
 * bench/ocr.ts's parity case, server side: a scanned PDF through the ingestion pipeline the server's
 * ingest worker runs (`ingestFile` with the server's parsers), in a worker thread of its own so that
 * Tesseract's thread ends with it (kept in the bench's own process, it would keep the process alive).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { nodeParsers } from '../../sync-server/src/ingest/nodeParsers'
import { hashEmbedder } from '../../web/core/ingest/embed/hashEmbedder'
import { ingestFile } from '../../web/core/ingest/ingestFile'
import { systemClock } from '../../web/core/kernel/time/Clock'

const { pdf } = workerData as { pdf: Uint8Array }
const result = await ingestFile(pdf, 'book.pdf', {
  parsers: nodeParsers,
  embedder: hashEmbedder,
  clock: systemClock,
})
parentPort?.postMessage({ text: result.text, confidence: result.metadata.ocr_confidence ?? null })
process.exit(0)

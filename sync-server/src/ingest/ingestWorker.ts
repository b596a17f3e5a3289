/**
 * A worker_threads worker that runs the ingestion pipeline, so a slow or hostile file never blocks
 * the server's event loop, and a parser stuck in synchronous code can be stopped by terminating
 * the thread (WorkerIngestor does, at the per-document time limit).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { ingestFile } from '../../../web/core/ingest/ingestFile'
import { ParseError } from '../../../web/core/ingest/ParseError'
import { systemClock } from '../../../web/core/time/Clock'
import type { IngestReply, IngestTask } from './ingestMessages'
import type { Embedder } from '../../../web/core/ingest/embed/Embedder'
import type { EmbedderConfig } from '../config'
import { createWorkerEmbedder } from './createWorkerEmbedder'
import { nodeParsers } from './nodeParsers'

const port = parentPort
if (!port) throw new Error('ingestWorker must run in a worker thread')
// Embedders are made once per worker and kept: a model is loaded once and reused for every document.
const config = (workerData as { embedder?: EmbedderConfig } | undefined)?.embedder
const embedders = new Map<string, Embedder>()
function embedderFor(id: string | undefined): Embedder {
  const key = id ?? config?.id ?? 'hash-v1'
  let embedder = embedders.get(key)
  if (!embedder)
    embedders.set(key, (embedder = createWorkerEmbedder(config ? { ...config, id: key } : { id: key })))
  return embedder
}
const reply = (message: IngestReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)

port.on('message', async (task: IngestTask) => {
  try {
    const result = await ingestFile(
      task.bytes,
      task.filename,
      { parsers: nodeParsers, embedder: embedderFor(task.embedder), clock: systemClock },
      {
        password: task.password,
        timeoutMs: task.timeoutMs,
        onProgress: (stage, percent) => reply({ type: 'progress', id: task.id, stage, percent }),
      },
    )
    reply(
      { type: 'done', id: task.id, result },
      result.vectors.map((v) => v.buffer as ArrayBuffer),
    )
  } catch (error) {
    reply(
      error instanceof ParseError
        ? { type: 'failed', id: task.id, parseError: { code: error.code, message: error.message } }
        : {
            type: 'failed',
            id: task.id,
            message: error instanceof Error ? (error.stack ?? error.message) : String(error),
          },
    )
  }
})

/**
 * A worker_threads worker that runs the ingestion pipeline, so a slow or hostile file never blocks
 * the server's event loop, and a parser stuck in synchronous code can be stopped by terminating
 * the thread (WorkerIngestor does, once it has reported nothing for the time limit).
 */
import { readFile } from 'node:fs/promises'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { ingestFile, type IngestResult } from '../../../web/core/ingest/ingestFile'
import { ParseError } from '../../../web/core/ingest/ParseError'
import { systemClock } from '../../../web/core/kernel/time/Clock'
import type { IngestAck, IngestReply, IngestTask } from './ingestMessages'
import type { Embedder } from '../../../web/core/ingest/embed/Embedder'
import type { EmbedderConfig } from '../config'
import { createWorkerEmbedder } from './createWorkerEmbedder'
import { nodeParsers } from './nodeParsers'
import { loadNodePdfJs } from './nodePdfjs'

/** Chunks per `chunks` part: a few milliseconds of deserialising on the main thread. */
const CHUNKS_PER_PART = 1_000
/** Characters per `text` part. */
const CHARS_PER_PART = 4_000_000

const port = parentPort
if (!port) throw new Error('ingestWorker must run in a worker thread')
// Below the server's own thread when cores are scarce: ingesting is batch work, answering requests is
// not. On Linux a thread has its own niceness and pid 0 means this thread; elsewhere it would be the
// whole process, so it is left alone there. A refusal (a sandbox) only costs the preference.
if (process.platform === 'linux') {
  try {
    setPriority(0, 10)
  } catch {
    // Runs at the server's priority.
  }
}
// pdf.js loads while the worker waits for its first task (WorkerIngestor.warm starts one with the
// server): a failure here is only a cold start, and the parser's own call tries again.
loadNodePdfJs().catch(() => undefined)
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

// The one ack awaited at a time (the pool gives a worker one task at a time).
let acked: (() => void) | undefined
const nextAck = () => new Promise<void>((resolve) => (acked = resolve))

port.on('message', async (message: IngestTask | IngestAck) => {
  if (message.type === 'ack') {
    acked?.()
    return
  }
  const task = message
  try {
    const bytes = 'bytes' in task.file ? task.file.bytes : await readStoredFile(task.file.path)
    const result = await ingestFile(
      bytes,
      task.filename,
      { parsers: nodeParsers, embedder: embedderFor(task.embedder), clock: systemClock },
      {
        password: task.password,
        timeoutMs: task.timeoutMs,
        limits: task.limits,
        ocrLanguages: task.ocrLanguages,
        onProgress: (stage, percent, ocr) =>
          reply({ type: 'progress', id: task.id, stage, percent, ...(ocr && { ocr }) }),
        ...(task.wantPartial && {
          onPartial: async (partial, ocr) => {
            await sendChunks(task.id, partial)
            const ack = nextAck()
            reply({ type: 'partial', id: task.id, kind: partial.kind, metadata: partial.metadata, ocr })
            await ack
          },
        }),
      },
    )
    await sendResult(task.id, result, task.wantText)
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

/** The result in parts, each sent once the previous one is acknowledged (see IngestReply). */
async function sendResult(id: number, result: IngestResult, wantText: boolean): Promise<void> {
  await sendChunks(id, result)
  for (let start = 0; wantText && start < result.text.length; start += CHARS_PER_PART) {
    const ack = nextAck()
    reply({ type: 'text', id, text: result.text.slice(start, start + CHARS_PER_PART) })
    await ack
  }
  reply({ type: 'done', id, kind: result.kind, metadata: result.metadata })
}

/** A result's chunks and vectors, a `chunks` part at a time. */
async function sendChunks(id: number, result: IngestResult): Promise<void> {
  for (let start = 0; start < result.chunks.length; start += CHUNKS_PER_PART) {
    const vectors = result.vectors.slice(start, start + CHUNKS_PER_PART)
    const packed = new Float32Array(vectors.reduce((size, vector) => size + vector.length, 0))
    let offset = 0
    for (const vector of vectors) {
      packed.set(vector, offset)
      offset += vector.length
    }
    const lengths = Uint32Array.from(vectors, (vector) => vector.length)
    const ack = nextAck()
    reply(
      {
        type: 'chunks',
        id,
        chunks: result.chunks.slice(start, start + CHUNKS_PER_PART),
        vectors: packed,
        vectorLengths: lengths,
      },
      [packed.buffer],
    )
    await ack
  }
}

/** A stored file read here, in the worker: its bytes never pass through the server's main thread. */
async function readStoredFile(path: string): Promise<Uint8Array> {
  try {
    const data = await readFile(path)
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ParseError('corrupt', 'The stored file is missing; upload the document again')
    throw error
  }
}

import type { Worker } from 'node:worker_threads'
import type { IngestRequest, Ingestor } from '../../../web/core/documents/Ingestor'
import type { Chunk } from '../../../web/core/ingest/chunk/Chunk'
import type { IngestResult } from '../../../web/core/ingest/ingestFile'
import type { IngestLimits } from '../../../web/core/ingest/IngestLimits'
import { ParseError } from '../../../web/core/ingest/ParseError'
import { SlotPool } from '../../../web/core/documents/SlotPool'
import { timeSlicer } from '../../../web/core/kernel/time/timeSlicer'
import type { EmbedderConfig } from '../config'
import type { IngestAck, IngestReply, IngestTask } from './ingestMessages'
import { tsxWorker } from './tsxWorker'
import { DEFAULT_INGEST_MEMORY_MB } from '../config'
import { workerFailure } from './workerFailure'
import { stalledError } from '../../../web/core/ingest/parse/parseDocument'

const WORKER_URL = new URL('./ingestWorker.ts', import.meta.url)

/** One thread of the pool; `worker` changes when a killed thread is replaced. */
interface Slot {
  worker: Worker
}

/**
 * Runs ingestion in a pool of worker threads. The time limit is on a document that stops making
 * progress, and it is enforced twice: the pipeline aborts a parser that reads no page for that long,
 * and a worker that has sent nothing (no progress, no part of a result) for shortly longer is
 * terminated (the only way to stop synchronous code) and replaced. The time the main thread spends
 * storing a part (`onPartial`) is not counted against the worker. Results come back
 * in parts, one acknowledged at a time (see IngestReply), so taking in a big document's chunks
 * never holds this thread for long.
 */
export class WorkerIngestor implements Ingestor {
  private readonly pool: SlotPool<Slot>
  private nextId = 1
  private closed = false
  /** The worker reads a stored file by its path (`ingestWorker`), off the thread that serves requests. */
  readonly readsStoredFiles = true

  constructor(
    private readonly options: {
      size?: number
      timeoutMs?: number
      /** MAX_DOCUMENT_CHARS / MAX_DOCUMENT_CHUNKS; absent: DEFAULT_INGEST_LIMITS (the worker's). */
      limits?: IngestLimits
      embedder?: EmbedderConfig
      /** INGEST_MEMORY_MB: the JS heap each worker may grow to (default DEFAULT_INGEST_MEMORY_MB). */
      memoryMb?: number
      logError?: (error: unknown) => void
    } = {},
  ) {
    this.pool = new SlotPool<Slot>(
      options.size ?? 1,
      () => ({ worker: this.spawn() }),
      'The ingestor is closed',
    )
  }

  async ingest(request: IngestRequest): Promise<IngestResult> {
    const slot = await this.pool.acquire()
    const timeoutMs = this.options.timeoutMs ?? 120_000
    const id = this.nextId++
    try {
      // A stored file the worker reads itself; bytes as a copy of its own (transferred, not cloned),
      // so that the caller's stay intact.
      const bytes = request.bytes && (await copyInSlices(request.bytes))
      const file = bytes ? { bytes } : { path: request.storedPath! }
      return await new Promise<IngestResult>((resolve, reject) => {
        // The thread this job runs on; `slot.worker` changes when a killed thread is replaced.
        const worker = slot.worker
        const finish = (settle: () => void) => {
          done = true
          clearTimeout(timer)
          worker.off('message', onMessage)
          worker.off('error', onError)
          worker.off('exit', onExit)
          request.signal?.removeEventListener('abort', onAbort)
          settle()
        }
        const kill = (error: unknown) => {
          finish(() => reject(error))
          this.replace(slot)
        }
        const chunks: Chunk[] = []
        const vectors: Float32Array[] = []
        let text = ''
        const ack = () => worker.postMessage({ type: 'ack', id } satisfies IngestAck)
        let done = false
        let timer: ReturnType<typeof setTimeout> | undefined
        // A grace period past the pipeline's own limit, for it to report its own timeout.
        const progressed = () => {
          clearTimeout(timer)
          if (!done) timer = setTimeout(() => kill(stalledError(timeoutMs)), timeoutMs + 5_000)
        }
        const onMessage = (message: IngestReply) => {
          if (message.id !== id) return
          progressed()
          if (message.type === 'progress') request.onProgress?.(message.stage, message.percent, message.ocr)
          else if (message.type === 'partial') {
            const partial: IngestResult = {
              kind: message.kind,
              text: '',
              chunks: chunks.splice(0),
              vectors: vectors.splice(0),
              metadata: message.metadata,
            }
            // Storing it is the main thread's time, not the worker's: the clock stops meanwhile.
            clearTimeout(timer)
            void Promise.resolve(request.onPartial?.(partial, message.ocr)).then(
              () => {
                if (done) return
                progressed()
                ack()
              },
              (error: unknown) => kill(error),
            )
          } else if (message.type === 'chunks') {
            let offset = 0
            for (const [i, chunk] of message.chunks.entries()) {
              const length = message.vectorLengths[i] ?? 0
              // A copy each: one chunk's vector must not keep the whole part's buffer alive.
              vectors.push(message.vectors.slice(offset, offset + length))
              offset += length
              chunks.push(chunk)
            }
            ack()
          } else if (message.type === 'text') {
            text += message.text
            ack()
          } else if (message.type === 'done') {
            const { kind, metadata } = message
            finish(() => resolve({ kind, text, chunks, vectors, metadata }))
          } else if (message.parseError)
            finish(() => reject(new ParseError(message.parseError!.code, message.parseError!.message)))
          else {
            this.options.logError?.(new Error(message.message))
            finish(() => reject(new Error('The document could not be processed')))
          }
        }
        const onError = (error: Error) =>
          kill(workerFailure(error, this.options.memoryMb ?? DEFAULT_INGEST_MEMORY_MB))
        const onExit = () => kill(new Error('The ingest worker stopped unexpectedly'))
        const onAbort = () => kill(request.signal?.reason ?? new Error('Processing was cancelled'))
        progressed()
        worker.on('message', onMessage)
        worker.once('error', onError)
        worker.once('exit', onExit)
        if (request.signal?.aborted) return onAbort()
        request.signal?.addEventListener('abort', onAbort, { once: true })
        const task: IngestTask = {
          type: 'ingest',
          id,
          file,
          filename: request.filename,
          password: request.password,
          embedder: request.embedder,
          ocrLanguages: request.ocrLanguages,
          timeoutMs,
          limits: this.options.limits,
          wantText: request.wantText ?? true,
          wantPartial: request.onPartial !== undefined,
        }
        worker.postMessage(task, bytes ? [bytes.buffer] : [])
      })
    } finally {
      this.pool.release(slot)
    }
  }

  /**
   * Starts the first worker now, so that its modules and pdf.js are loaded before the first document
   * arrives rather than while it waits. A job that comes meanwhile takes the same worker.
   */
  warm(): void {
    void this.pool.acquire().then(
      (slot) => this.pool.release(slot),
      () => undefined,
    )
  }

  async close(): Promise<void> {
    this.closed = true
    await Promise.all(this.pool.close().map((slot) => slot.worker.terminate()))
  }

  private replace(slot: Slot): void {
    void slot.worker.terminate()
    // After close() the pool stays empty: a job cancelled by the shutdown must not start a new thread.
    if (!this.closed) slot.worker = this.spawn()
  }

  private spawn(): Worker {
    const { embedder, memoryMb = DEFAULT_INGEST_MEMORY_MB } = this.options
    return tsxWorker(WORKER_URL, {
      workerData: { embedder },
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    })
  }
}

/** Bytes copied between two looks at the clock: a few milliseconds of memcpy. */
const COPY_SLICE = 8 * 1024 * 1024

/**
 * A copy of `bytes` with a buffer of its own, made a slice at a time with the event loop let run in
 * between: copying a 100 MB upload in one `slice()` held the server's thread for tens of milliseconds.
 */
async function copyInSlices(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const copy = new Uint8Array(bytes.length)
  const slice = timeSlicer()
  for (let start = 0; start < bytes.length; start += COPY_SLICE) {
    await slice()
    copy.set(bytes.subarray(start, start + COPY_SLICE), start)
  }
  return copy
}

import { proxy, wrap, type Remote } from 'comlink'
import type { IngestRequest, Ingestor } from '../../core/documents/Ingestor'
import { SlotPool } from '../../core/documents/SlotPool'
import type { IngestResult } from '../../core/ingest/ingestFile'
import { ParseError } from '../../core/ingest/ParseError'
import { stalledError } from '../../core/ingest/parse/parseDocument'
import type { IngestWorkerApi } from './ingestWorker'

/** One worker of the pool, started when first needed and again after it was stopped. */
interface Slot {
  current?: SpawnedWorker
}

interface SpawnedWorker {
  worker: Pick<Worker, 'terminate'>
  api: Remote<IngestWorkerApi>
}

/**
 * Runs ingestion in a pool of dedicated Web Workers (`size`, default 1), one document each at a time.
 * When a document's worker has reported nothing (no progress, no part read) for the time limit, or
 * when the request is cancelled, the worker is terminated, which stops
 * even a parser stuck in synchronous code, and a fresh one is started for its next document; the other
 * workers' documents go on. Requests beyond the pool wait for a worker, in order.
 */
export class WebWorkerIngestor implements Ingestor {
  private readonly pool: SlotPool<Slot>

  constructor(
    private readonly options: {
      /** Workers, each reading one document at a time (see `ingestWorkers`). */
      size?: number
      timeoutMs?: number
      logError?: (error: unknown) => void
      /** Starts a worker; default the app's ingest worker (a test's stands in for it). */
      spawn?: () => SpawnedWorker
    } = {},
  ) {
    this.pool = new SlotPool<Slot>(options.size ?? 1, () => ({}))
  }

  async ingest(request: IngestRequest): Promise<IngestResult> {
    // No `readsStoredFiles`: the browser's files are in IndexedDB, not at a path.
    if (!request.bytes) throw new Error('The browser reads a document from its bytes, not a stored path')
    const slot = await this.pool.acquire(request.signal)
    try {
      return await this.ingestIn(slot, request, request.bytes)
    } finally {
      this.pool.release(slot)
    }
  }

  private async ingestIn(slot: Slot, request: IngestRequest, bytes: Uint8Array): Promise<IngestResult> {
    const { api } = this.worker(slot)
    const timeoutMs = this.options.timeoutMs ?? 120_000
    let timer: ReturnType<typeof setTimeout> | undefined
    let onAbort: (() => void) | undefined
    let stop: (error: unknown) => void = () => undefined
    let settled = false
    const stopped = new Promise<never>((_, reject) => {
      stop = (error: unknown) => {
        settled = true
        clearTimeout(timer)
        this.reset(slot)
        reject(error)
      }
      onAbort = () => stop(request.signal?.reason ?? new Error('Processing was cancelled'))
      if (request.signal?.aborted) onAbort()
      else request.signal?.addEventListener('abort', onAbort, { once: true })
    })
    // A grace period past the pipeline's own limit, for it to report its own timeout.
    const progressed = () => {
      clearTimeout(timer)
      if (!settled) timer = setTimeout(() => stop(stalledError(timeoutMs)), timeoutMs + 5_000)
    }
    progressed()
    try {
      const progress = proxy((...args: Parameters<NonNullable<IngestRequest['onProgress']>>) => {
        progressed()
        request.onProgress?.(...args)
      })
      const { onPartial } = request
      // Storing a part is this side's time, not the worker's: the clock stops meanwhile.
      const partial =
        onPartial &&
        proxy(async (...args: Parameters<typeof onPartial>) => {
          clearTimeout(timer)
          try {
            await onPartial(...args)
          } finally {
            progressed()
          }
        })
      const working = api.ingest(
        bytes,
        request.filename,
        request.password,
        timeoutMs,
        progress,
        request.embedder,
        request.ocrLanguages,
        partial,
      )
      working.catch(() => undefined)
      const outcome = await Promise.race([working, stopped])
      if (outcome.ok) return outcome.result
      if (outcome.parseError) throw new ParseError(outcome.parseError.code, outcome.parseError.message)
      this.options.logError?.(new Error(outcome.message))
      throw new Error('The document could not be processed')
    } finally {
      settled = true
      clearTimeout(timer)
      if (onAbort) request.signal?.removeEventListener('abort', onAbort)
    }
  }

  private worker(slot: Slot): SpawnedWorker {
    const spawned = slot.current ?? this.options.spawn?.() ?? spawnIngestWorker()
    slot.current = spawned
    return spawned
  }

  private reset(slot: Slot): void {
    slot.current?.worker.terminate()
    slot.current = undefined
  }
}

function spawnIngestWorker(): SpawnedWorker {
  const worker = new Worker(new URL('./ingestWorker.ts', import.meta.url), {
    type: 'module',
    name: 'quire-ingest',
  })
  return { worker, api: wrap<IngestWorkerApi>(worker) }
}

/**
 * The ingest workers for a device with `cores` logical processors: one less than it has (the page and
 * the API worker, which stores and indexes each document, want one), at least one, at most four (each
 * holds a document being read; more would hold more memory than they save time).
 */
export function ingestWorkers(cores: number | undefined): number {
  return Math.max(1, Math.min(4, Math.floor(cores ?? 2) - 1))
}

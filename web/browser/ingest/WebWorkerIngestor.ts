import { proxy, wrap, type Remote } from 'comlink'
import type { IngestRequest, Ingestor } from '../../core/documents/Ingestor'
import type { IngestResult } from '../../core/ingest/ingestFile'
import { ParseError } from '../../core/ingest/ParseError'
import type { IngestWorkerApi } from './ingestWorker'

/**
 * Runs ingestion in a dedicated Web Worker, one document at a time. At the time limit (or when the
 * request is cancelled) the worker is terminated, which stops even a parser stuck in synchronous
 * code, and a fresh one is started for the next document.
 */
export class WebWorkerIngestor implements Ingestor {
  private current: { worker: Worker; api: Remote<IngestWorkerApi> } | undefined

  constructor(private readonly options: { timeoutMs?: number; logError?: (error: unknown) => void } = {}) {}

  async ingest(request: IngestRequest): Promise<IngestResult> {
    // No `readsStoredFiles`: the browser's files are in IndexedDB, not at a path.
    if (!request.bytes) throw new Error('The browser reads a document from its bytes, not a stored path')
    const { bytes } = request
    const { api } = this.worker()
    const timeoutMs = this.options.timeoutMs ?? 120_000
    let timer: ReturnType<typeof setTimeout> | undefined
    let onAbort: (() => void) | undefined
    const stopped = new Promise<never>((_, reject) => {
      const stop = (error: unknown) => {
        this.reset()
        reject(error)
      }
      timer = setTimeout(
        () =>
          stop(
            new ParseError(
              'timeout',
              `Reading the file took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`,
            ),
          ),
        timeoutMs + 5_000,
      )
      onAbort = () => stop(request.signal?.reason ?? new Error('Processing was cancelled'))
      if (request.signal?.aborted) onAbort()
      else request.signal?.addEventListener('abort', onAbort, { once: true })
    })
    try {
      const progress = proxy(
        (stage: Parameters<NonNullable<IngestRequest['onProgress']>>[0], percent: number) =>
          request.onProgress?.(stage, percent),
      )
      const working = api.ingest(
        bytes,
        request.filename,
        request.password,
        timeoutMs,
        progress,
        request.embedder,
        request.ocrLanguages,
      )
      working.catch(() => undefined)
      const outcome = await Promise.race([working, stopped])
      if (outcome.ok) return outcome.result
      if (outcome.parseError) throw new ParseError(outcome.parseError.code, outcome.parseError.message)
      this.options.logError?.(new Error(outcome.message))
      throw new Error('The document could not be processed')
    } finally {
      clearTimeout(timer)
      if (onAbort) request.signal?.removeEventListener('abort', onAbort)
    }
  }

  private worker(): { worker: Worker; api: Remote<IngestWorkerApi> } {
    if (!this.current) {
      const worker = new Worker(new URL('./ingestWorker.ts', import.meta.url), {
        type: 'module',
        name: 'quire-ingest',
      })
      this.current = { worker, api: wrap<IngestWorkerApi>(worker) }
    }
    return this.current
  }

  private reset(): void {
    this.current?.worker.terminate()
    this.current = undefined
  }
}

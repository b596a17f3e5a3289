/// <reference lib="webworker" />
/**
 * The browser's ingest worker: runs the whole pipeline (parse, chunk, embed) off the API worker,
 * so a large or hostile file never delays API answers, and a stuck parser can be stopped by
 * terminating this worker (WebWorkerIngestor does, once it has reported nothing for the time limit).
 */
import { expose, transfer } from 'comlink'
import type { Embedder } from '../../core/ingest/embed/Embedder'
import { hashEmbedder } from '../../core/ingest/embed/hashEmbedder'
import { ingestFile, type IngestResult, type IngestStage } from '../../core/ingest/ingestFile'
import type { OcrLanguage } from '../../core/ingest/ocr/ocrLanguages'
import type { OcrPagesRead } from '../../core/ingest/DocumentModel'
import { ParseError } from '../../core/ingest/ParseError'
import { systemClock } from '../../core/kernel/time/Clock'
import { browserEmbedderFor } from './browserEmbedderFor'
import { browserParsers } from './browserParsers'

export type IngestOutcome =
  | { ok: true; result: IngestResult }
  | { ok: false; parseError?: { code: ParseError['code']; message: string }; message?: string }

// Made once per id and kept: a model loads once and serves every later document.
const embedders = new Map<string, Embedder>()
function embedderFor(id: string): Embedder {
  let embedder = embedders.get(id)
  if (!embedder) embedders.set(id, (embedder = browserEmbedderFor(id)))
  return embedder
}

const api = {
  async ingest(
    bytes: Uint8Array,
    filename: string,
    password: string | undefined,
    timeoutMs: number,
    onProgress: (stage: IngestStage, percent: number, ocr?: OcrPagesRead) => void,
    embedderId: string = hashEmbedder.id,
    ocrLanguages?: readonly OcrLanguage[],
    /** ingestFile's `onPartial`, a comlink proxy of the caller's (its answer awaited across threads). */
    onPartial?: (partial: IngestResult, ocr: OcrPagesRead) => Promise<void>,
  ): Promise<IngestOutcome> {
    try {
      const result = await ingestFile(
        bytes,
        filename,
        { parsers: browserParsers, embedder: embedderFor(embedderId), clock: systemClock },
        {
          password,
          timeoutMs,
          ocrLanguages,
          onProgress: (stage, percent, ocr) => void onProgress(stage, percent, ocr),
          ...(onPartial && { onPartial: (partial, ocr) => onPartial(partial, ocr) }),
        },
      )
      return transfer(
        { ok: true, result },
        result.vectors.map((v) => v.buffer as ArrayBuffer),
      )
    } catch (error) {
      // Errors do not keep their class across postMessage: send the ParseError's parts.
      return error instanceof ParseError
        ? { ok: false, parseError: { code: error.code, message: error.message } }
        : {
            ok: false,
            message: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error),
          }
    }
  },
}

export type IngestWorkerApi = typeof api
expose(api)
